import { type ReactNode, useState } from 'react';
import { Field, type FieldControlProps } from '../field/field.tsx';
import { Specimen } from './specimen.tsx';

type Render<T> = (
  p: FieldControlProps & { value: T; onChange: (v: T) => void; disabled?: boolean },
) => ReactNode;

function Live<T>({
  label,
  initial,
  error,
  disabled,
  group,
  render,
}: {
  label: string;
  initial: T;
  error?: string;
  disabled?: boolean;
  group?: boolean;
  render: Render<T>;
}) {
  const [value, setValue] = useState<T>(initial);
  return (
    <Field label={label} hint={error ? undefined : 'Hint text'} error={error} group={group}>
      {(control) => render({ ...control, value, onChange: setValue, disabled })}
    </Field>
  );
}

/** One widget in its four states: empty, filled, with an error, disabled. */
export function InputStates<T>({
  name,
  empty,
  filled,
  render,
  group,
}: {
  name: string;
  empty: T;
  filled: T;
  render: Render<T>;
  group?: boolean;
}) {
  return (
    <Specimen name={name}>
      <div style={{ alignSelf: 'stretch' }}>
        <Live label="Empty" initial={empty} render={render} group={group} />
        <Live label="Filled" initial={filled} render={render} group={group} />
        <Live
          label="With an error"
          initial={empty}
          error="Enter a valid answer"
          render={render}
          group={group}
        />
        <Live label="Disabled" initial={filled} disabled render={render} group={group} />
      </div>
    </Specimen>
  );
}
