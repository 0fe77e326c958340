import { type ReactNode, useState } from 'react';

/**
 * Holds a widget's value like a form would and prints what it emitted, for component tests:
 * `<Hold initial={null}>{(value, onChange) => <Widget value={value} onChange={onChange} />}</Hold>`.
 */
export function Hold<T>({
  initial,
  children,
}: {
  initial: T;
  children: (value: T, onChange: (value: T) => void) => ReactNode;
}) {
  const [value, setValue] = useState<T>(initial);
  return (
    <>
      {children(value, setValue)}
      <output data-testid="emitted">{JSON.stringify(value)}</output>
    </>
  );
}

export const emitted = (screen: { getByTestId: (id: string) => HTMLElement }) =>
  JSON.parse(screen.getByTestId('emitted').textContent ?? 'null');
