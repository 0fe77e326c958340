import { AddressSearch, type AddressValue, VehicleLookup, type VehicleValue } from '../../lookups/index.ts';
import { startDateChoices } from '../engine/dates.ts';
import type { Question } from '../engine/types.ts';
import { useEngine } from './engine-context.tsx';
import { CheckboxInput, RadioTiles, SelectInput, YesNoInput } from './inputs/choice-inputs.tsx';
import { DataLookupInput } from './inputs/data-lookup-input.tsx';
import { DatePartsInput, YearMonthInput } from './inputs/date-inputs.tsx';
import { MarketingInput, StartDateInput } from './inputs/misc-inputs.tsx';
import { NameInput, NumberInput, PhoneInput, TextInput } from './inputs/text-inputs.tsx';
import { QuestionLoop } from './question-loop.tsx';

const ADDRESS_KEYS = [
  'line1',
  'line2',
  'line3',
  'line4',
  'line5',
  'city',
  'postalCode',
  'countryName',
  'company',
  'department',
];

/** The address as the risk model keeps it: its lines, no lookup ids or labels, no empty parts. */
function pickAddress(a: AddressValue): Record<string, string> {
  return Object.fromEntries(
    ADDRESS_KEYS.flatMap((k) => {
      const v = (a as Record<string, unknown>)[k];
      return typeof v === 'string' && v !== '' ? [[k, v]] : [];
    }),
  );
}

export interface InputProps {
  question: Question;
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  invalid: boolean;
  describedBy?: string;
  checkboxLabel?: string;
}

/** The widget for a question's input type (spec 1 §5.2). */
export function QuestionInput(props: InputProps) {
  const env = useEngine();
  const { question: q, value } = props;
  const common = {
    id: props.id,
    onBlur: props.onBlur,
    invalid: props.invalid,
    describedBy: props.describedBy,
  };
  const options = env.optionSets[q.options ?? ''] ?? [];
  const optionKey = (v: string | number) => `disclosure.option.${q.options}.${v}`;
  const set = props.onChange;
  switch (q.input) {
    case 'vehicleTabs':
      return <VehicleLookup value={value as VehicleValue} onChange={set} profile="policyholder" />;
    case 'address':
      return (
        <AddressSearch
          id={props.id}
          value={value as AddressValue}
          onChange={(v) => set(v && pickAddress(v))}
          overridable
        />
      );
    case 'name':
      return <NameInput {...common} value={value as { firstName?: string }} onChange={set} />;
    case 'dateOfBirth':
    case 'date':
      return <DatePartsInput {...common} value={value as string} onChange={set} />;
    case 'datePicker':
      return (
        <StartDateInput
          {...common}
          value={value as string}
          onChange={set}
          choices={startDateChoices(env.ctx.now, env.startDate.daysInFuture, env.startDate.days)}
        />
      );
    case 'yearMonth': {
      const year = env.ctx.now.getFullYear();
      const min = (q.rules?.minYear ?? 1939) as number;
      return (
        <YearMonthInput
          {...common}
          value={value as string}
          onChange={set}
          latestYear={year}
          earliestYear={min}
        />
      );
    }
    case 'numberText':
      return <NumberInput {...common} value={value as number} onChange={set} />;
    case 'text':
      return <TextInput {...common} value={value as string} onChange={set} />;
    case 'email':
      return (
        <TextInput {...common} type="email" autoComplete="email" value={value as string} onChange={set} />
      );
    case 'phoneNumber':
      return <PhoneInput {...common} prefix={env.ctx.phone.prefix} value={value as string} onChange={set} />;
    case 'radio':
      return (
        <RadioTiles
          {...common}
          options={options}
          labelKey={optionKey}
          value={value as string}
          onChange={set}
        />
      );
    case 'select':
      return (
        <SelectInput
          {...common}
          options={options}
          labelKey={optionKey}
          value={value as string}
          onChange={set}
        />
      );
    case 'yesNo':
      return <YesNoInput {...common} value={value as boolean} onChange={set} />;
    case 'checkbox':
    case 'checkboxPromotion':
      return (
        <CheckboxInput
          {...common}
          value={value as boolean}
          onChange={set}
          label={props.checkboxLabel ?? ''}
        />
      );
    case 'marketingPreferences':
      return <MarketingInput id={props.id} value={value as never} onChange={set} />;
    case 'dataLookup':
      return q.lookup ? (
        <DataLookupInput {...common} lookup={q.lookup} value={value as string} onChange={set} />
      ) : null;
    case 'loop':
      return <QuestionLoop question={q} value={(value as Record<string, unknown>[]) ?? []} onChange={set} />;
  }
}
