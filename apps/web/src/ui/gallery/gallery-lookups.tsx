import { useState } from 'react';
import { Button } from '../button/button.tsx';
import { ConfirmableValue } from '../inputs/confirmable-value.tsx';
import { PasteButton } from '../inputs/paste-button.tsx';
import { TextInput } from '../inputs/text-input.tsx';
import { Section, Specimen } from './specimen.tsx';

function AddressDemo({ initial }: { initial: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  const [draft, setDraft] = useState('');
  return (
    <ConfirmableValue<string>
      value={value}
      onChange={setValue}
      overridable
      renderValue={(v) => <strong>{v}</strong>}
      renderSearch={(set) => (
        <Button variant="secondary" onClick={() => set('221B Baker Street, London NW1 6XE')}>
          Find 221B Baker Street
        </Button>
      )}
      renderOverride={(set) => (
        <>
          <TextInput aria-label="Address line 1" value={draft} onChange={setDraft} />
          <Button layout="small" onClick={() => set(draft || 'Manual address')}>
            Use this address
          </Button>
        </>
      )}
    />
  );
}

export function LookupsSection() {
  const [pasted, setPasted] = useState('');
  return (
    <Section title="Confirmable value and paste">
      <Specimen name="confirmable value: view (value exists)">
        <AddressDemo initial="10 Downing Street, London SW1A 2AA" />
      </Specimen>
      <Specimen name="confirmable value: change (no value), override offered">
        <AddressDemo initial={null} />
      </Specimen>
      <Specimen name="paste button (only where the clipboard can be read)">
        <PasteButton onPaste={setPasted} />
        {pasted && <p>Pasted: {pasted}</p>}
      </Specimen>
    </Section>
  );
}
