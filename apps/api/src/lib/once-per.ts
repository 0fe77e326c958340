/**
 * A function of an object worked out once per object (a brand, a database handle, a secret) and kept as long as
 * that object lives: the brand's answer paths, a database handle's prepared queries, a secret's key. The value
 * is forgotten with its object, so a test's app and database leave nothing behind.
 */
export function oncePer<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
