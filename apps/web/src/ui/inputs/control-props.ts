import type { Ref } from 'react';

/**
 * What every controlled input of the kit takes: the value and onChange of a react-hook-form Controller field,
 * plus the ids a Field hands over (spread `{...control}` from Field's render function).
 */
export type ControlProps<T> = {
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-label'?: string;
};

export type AriaProps = Pick<
  ControlProps<never>,
  'aria-describedby' | 'aria-invalid' | 'aria-required' | 'aria-label'
>;

/** The aria attributes of ControlProps, to spread on the focusable element. */
export function ariaOf(props: AriaProps) {
  return {
    'aria-describedby': props['aria-describedby'],
    'aria-invalid': props['aria-invalid'] || undefined,
    'aria-required': props['aria-required'] || undefined,
    'aria-label': props['aria-label'],
  };
}
