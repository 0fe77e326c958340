import type { CascadeValue } from '../inputs/cascading-selector.tsx';
import { CascadingSelector } from '../inputs/cascading-selector.tsx';
import { Checkbox } from '../inputs/checkbox.tsx';
import { DateOfBirthInput } from '../inputs/date-of-birth-input.tsx';
import { DateTimePicker } from '../inputs/date-time-picker.tsx';
import { LicencePlateInput } from '../inputs/licence-plate-input.tsx';
import { MonthYearPicker } from '../inputs/month-year-picker.tsx';
import { NameInput, type NameValue } from '../inputs/name-input.tsx';
import { NumberInput } from '../inputs/number-input.tsx';
import { PhoneInput } from '../inputs/phone-input.tsx';
import { RadioGroup } from '../inputs/radio-group.tsx';
import { SearchableSelect } from '../inputs/searchable-select.tsx';
import { Select } from '../inputs/select.tsx';
import { TextInput } from '../inputs/text-input.tsx';
import { YesNo } from '../inputs/yes-no.tsx';
import { InputStates } from './input-states.tsx';
import { Section } from './specimen.tsx';

const makes = ['Audi', 'BMW', 'Ford', 'Kia', 'Vauxhall', 'Volkswagen'].map((m) => ({ value: m, label: m }));
const titles = [
  { value: 'MR', label: 'Mr' },
  { value: 'MRS', label: 'Mrs' },
  { value: 'MS', label: 'Ms' },
];
const fuels = [
  { value: 'P', label: 'Petrol' },
  { value: 'D', label: 'Diesel' },
];
const levels = (v: CascadeValue) => [
  { key: 'fuel', label: 'Fuel', options: fuels },
  {
    key: 'body',
    label: 'Body style',
    options:
      v.fuel === 'D'
        ? [{ value: 'E', label: 'Estate' }]
        : [
            { value: 'H', label: 'Hatchback' },
            { value: 'E', label: 'Estate' },
          ],
  },
];

export function TextInputsSection() {
  return (
    <Section title="Text inputs">
      <InputStates name="text input" empty="" filled="SW1A 1AA" render={(p) => <TextInput {...p} />} />
      <InputStates<NameValue>
        name="name (leading whitespace trimmed)"
        group
        empty={{ firstName: '', lastName: '' }}
        filled={{ firstName: 'Mary', lastName: 'Smith' }}
        render={(p) => <NameInput {...p} />}
      />
      <InputStates<number | null>
        name="number (digits only)"
        empty={null}
        filled={12000}
        render={(p) => <NumberInput {...p} max={999999} suffix="miles" />}
      />
      <InputStates
        name="phone (+44, leading 0 dropped)"
        empty=""
        filled="+447700900123"
        render={(p) => <PhoneInput {...p} />}
      />
      <InputStates
        name="licence plate"
        empty=""
        filled="AB12 CDE"
        render={(p) => <LicencePlateInput {...p} onChange={(v) => p.onChange(v)} />}
      />
      <InputStates<string | null>
        name="searchable select"
        empty={null}
        filled="Ford"
        render={(p) => <SearchableSelect {...p} options={makes} />}
      />
    </Section>
  );
}

export function DateInputsSection() {
  return (
    <Section title="Dates">
      <InputStates<string | null>
        name="date of birth"
        group
        empty={null}
        filled="1985-07-03"
        render={(p) => <DateOfBirthInput {...p} />}
      />
      <InputStates<string | null>
        name="date-time picker"
        group
        empty={null}
        filled="2026-11-21T09:30:00Z"
        render={(p) => <DateTimePicker {...p} earliestYear={2025} latestYear={2026} minuteStep={5} />}
      />
      <InputStates<string | null>
        name="month-year picker"
        group
        empty={null}
        filled="2024-03"
        render={(p) => <MonthYearPicker {...p} minYear={1990} />}
      />
    </Section>
  );
}

export function ChoiceInputsSection() {
  return (
    <Section title="Choices">
      <InputStates<boolean | null>
        name="yes / no"
        group
        empty={null}
        filled={true}
        render={(p) => <YesNo {...p} />}
      />
      <InputStates<string | null>
        name="radio group"
        group
        empty={null}
        filled="dd"
        render={(p) => (
          <RadioGroup
            {...p}
            options={[
              { value: 'card', label: 'Card', hint: 'Visa or Mastercard' },
              { value: 'dd', label: 'Direct Debit', hint: 'Monthly on your chosen day' },
            ]}
          />
        )}
      />
      <InputStates<boolean>
        name="checkbox"
        empty={false}
        filled={true}
        render={(p) => <Checkbox {...p} label="Send me offers by e-mail" />}
      />
      <InputStates<string | null>
        name="select"
        empty={null}
        filled="MS"
        render={(p) => <Select {...p} options={titles} />}
      />
      <InputStates<CascadeValue>
        name="cascading selector (auto-selects a single option)"
        group
        empty={{}}
        filled={{ fuel: 'D', body: 'E' }}
        render={(p) => (
          <CascadingSelector
            levels={levels(p.value)}
            value={p.value}
            onChange={p.onChange}
            disabled={p.disabled}
            id={p.id}
          />
        )}
      />
    </Section>
  );
}
