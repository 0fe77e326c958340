/** Loads a journey page module together with the journeys' texts (see journey-texts.ts). */
export async function journey<T>(page: Promise<T>): Promise<T> {
  const [module] = await Promise.all([page, import('./journey-texts.ts')]);
  return module;
}
