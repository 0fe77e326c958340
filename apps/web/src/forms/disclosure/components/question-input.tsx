import { startDateChoices } from '@forecourt/domain/dates';
import { useTranslation } from 'react-i18next';
import {
  Checkbox,
  DateOfBirthInput,
  MonthYearPicker,
  NameInput,
  type NameValue,
  NumberInput,
  PhoneInput,
  RadioGroup,
  Select,
  TextInput,
  YesNo,
} from '../../../ui/index.ts';
import {
  AddressSearch,
  type AddressValue,
  pickAddress,
  VehicleLookup,
  type VehicleValue,
} from '../../lookups/index.ts';
import type { Question } from '../engine/types.ts';
import { useEngine } from './engine-context.tsx';
import { DataLookupInput } from './inputs/data-lookup-input.tsx';
import { MarketingInput, StartDateInput } from './inputs/misc-inputs.tsx';

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

/** The widget for a question's input type (spec 1 §5.2), from the UI kit and the lookup screens. */
export function QuestionInput(props: InputProps) {
  const { t } = useTranslation();
  const env = useEngine();
  const { question: q, value } = props;
  const set = props.onChange;
  const control = {
    id: props.id,
    onBlur: props.onBlur,
    'aria-invalid': props.invalid,
    'aria-describedby': props.describedBy,
  };
  const raw = env.optionSets[q.options ?? ''] ?? [];
  const options = raw.map((o) => ({
    value: String(o),
    label: t(`disclosure.option.${q.options}.${o}`, { defaultValue: String(o) }),
  }));
  // Answers keep the option's own type (numbers stay numbers).
  const pick = (v: string | null) => set(v === null ? undefined : raw.find((o) => String(o) === v));
  const chosen = value === undefined || value === null ? null : String(value);
  switch (q.input) {
    case 'vehicleTabs':
      // Cleared as null: react-hook-form reads an undefined value as "back to the default", so a
      // pre-filled car (a policy's, or a section answered before) could never be changed.
      return (
        <VehicleLookup
          value={(value ?? undefined) as VehicleValue}
          onChange={(v) => set(v ?? null)}
          profile="policyholder"
        />
      );
    case 'address':
      return (
        <AddressSearch
          id={props.id}
          value={(value ?? undefined) as AddressValue}
          onChange={(v) => set(v ? pickAddress(v) : null)}
          overridable
        />
      );
    case 'name':
      return <NameInput {...control} value={value as NameValue} onChange={set} />;
    case 'dateOfBirth':
    case 'date':
      return (
        <DateOfBirthInput
          {...control}
          value={(value as string) ?? null}
          onChange={(v) => set(v ?? undefined)}
        />
      );
    case 'datePicker':
      return (
        <StartDateInput
          id={props.id}
          invalid={props.invalid}
          describedBy={props.describedBy}
          value={value as string}
          onChange={set}
          choices={startDateChoices(env.ctx.now, env.startDate.daysInFuture, env.startDate.days)}
        />
      );
    case 'yearMonth':
      return (
        <MonthYearPicker
          {...control}
          value={(value as string) ?? null}
          onChange={(v) => set(v ?? undefined)}
          minYear={q.rules?.minYear ?? 1939}
          monthsAhead={0}
          today={env.ctx.now}
        />
      );
    case 'numberText':
      return (
        <NumberInput {...control} value={(value as number) ?? null} onChange={(v) => set(v ?? undefined)} />
      );
    case 'text':
    case 'email':
      return (
        <TextInput
          {...control}
          type={q.input === 'email' ? 'email' : 'text'}
          autoComplete={q.input === 'email' ? 'email' : undefined}
          value={(value as string) ?? ''}
          onChange={(v) => set(v === '' ? undefined : v)}
        />
      );
    case 'phoneNumber':
      return (
        <PhoneInput
          {...control}
          prefix={env.ctx.phone.prefix}
          value={(value as string) ?? ''}
          onChange={(v) => set(v === '' || v === env.ctx.phone.prefix ? undefined : v)}
        />
      );
    case 'radio':
      return (
        <RadioGroup
          {...control}
          name={props.id}
          options={options}
          appearance={raw.every((o) => String(o).length <= 2) ? 'inline' : 'tiles'}
          value={chosen}
          onChange={pick}
        />
      );
    case 'select':
      return <Select {...control} options={options} value={chosen} onChange={pick} />;
    case 'yesNo':
      return <YesNo {...control} name={props.id} value={(value as boolean) ?? null} onChange={set} />;
    case 'checkbox':
    case 'checkboxPromotion':
      return (
        <Checkbox {...control} value={value === true} onChange={set} label={props.checkboxLabel ?? ''} />
      );
    case 'marketingPreferences':
      return <MarketingInput id={props.id} value={value as never} onChange={set} />;
    case 'dataLookup':
      return q.lookup ? (
        <DataLookupInput
          id={props.id}
          invalid={props.invalid}
          describedBy={props.describedBy}
          lookup={q.lookup}
          value={value as string}
          onChange={set}
        />
      ) : null;
    case 'loop':
      // A loop's items are questions of their own: QuestionField renders it with QuestionLoop.
      return null;
  }
}
