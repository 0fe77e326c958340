import type { AdjustmentChange } from '@forecourt/contracts/adjustments';
import type { Policy } from '@forecourt/contracts/policies';
import type { Quote } from '@forecourt/contracts/proposals';
import { VOLUNTARY_EXCESS_OPTIONS } from '@forecourt/domain/constants';
import { formatLondon } from '@forecourt/domain/dates';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { changeQuoteOf, gbp } from '../../../lib/policy-readers.ts';
import { Button, blocks, Field, Notification, RadioGroup } from '../../../ui/index.ts';
import type { useMakeAdjustment } from '../api/adjustments.ts';
import '../change-texts.ts';
import { blockedByRenewal, useSubmitChange } from './use-submit-change.tsx';

type OptionalCover = Quote['optionalCovers'][number];

/** The error of making the change, "See my new price" and the way back. */
export function ChangeActions({
  make,
  root,
  disabled = false,
}: {
  make: ReturnType<typeof useMakeAdjustment>;
  root: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {make.isError && !blockedByRenewal(make.error) && (
        <Notification variant="critical">{make.error.message}</Notification>
      )}
      <div className={blocks.actions}>
        <Button type="submit" loading={make.isPending} disabled={disabled}>
          {t('policy.adjust.seePrice')}
        </Button>
        <Button to={root} variant="tertiary">
          {t('policy.adjust.back')}
        </Button>
      </div>
    </>
  );
}

/**
 * An add-on's price from the server's quote (issue 28 defect 14): its price for the year and what it adds to
 * (or, when it is on, what removing it takes off) each monthly payment, as the rating engine priced it.
 */
function addOnPrice(t: TFunction, c: OptionalCover): string | undefined {
  const option = c.priceOptions[0];
  const yearly = option?.gross ?? c.premium;
  if (yearly === null || yearly === undefined) return undefined;
  const parts = [t('policy.adjust.addOns.price', { amount: gbp(yearly) })];
  if (option?.monthly)
    parts.push(
      t(c.active ? 'policy.adjust.addOns.instalment.down' : 'policy.adjust.addOns.instalment.up', {
        amount: gbp(option.monthly),
      }),
    );
  return parts.join(c.active ? ' · removing it ' : ' · ');
}

/**
 * A change that waits to take effect (ADR 401): the page starts from the policy as it will be then, and says so
 * (a change made here applies from then or later, ADR 398).
 */
export function WaitingChange({ policy, what }: { policy: Policy; what: 'covers' | 'excess' | 'details' }) {
  const { t } = useTranslation();
  const latest = policy.latestPolicyVersion;
  if (!latest) return null;
  return (
    <div data-testid="waiting-change">
      <Notification variant="info">
        {t(`policy.adjust.waiting.${what}`, {
          date: formatLondon(latest.startedAt, "HH:mm 'on' d MMMM yyyy"),
        })}
      </Notification>
    </div>
  );
}

/** The add-ons page (spec 3 §2, §4): each optional cover on or off; changed ones are sent as one change. */
export function AddOnsPage({ policy, root }: { policy: Policy; root: string }) {
  const { t } = useTranslation();
  const covers = (changeQuoteOf(policy).optionalCovers ?? []).filter((c) => c.available);
  const [chosen, setChosen] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(covers.map((c) => [c.code, c.active ? 'yes' : 'no'])),
  );
  const { submit, make, modal } = useSubmitChange(policy, root);
  const changes: AdjustmentChange[] = covers
    .filter((c) => (chosen[c.code] === 'yes') !== (c.active === true))
    .map((c) => ({ changeType: chosen[c.code] === 'yes' ? 'ADD_COVER' : 'REMOVE_COVER', coverCode: c.code }));
  return (
    <form
      className={blocks.stack}
      data-testid="add-ons-page"
      onSubmit={(e) => {
        e.preventDefault();
        submit(changes);
      }}
    >
      <h2 className={blocks.sectionTitle}>{t('policy.adjust.addOns.header')}</h2>
      <WaitingChange policy={policy} what="covers" />
      {covers.map((c) => (
        <Field key={c.code} label={t(`policy.details.addOn.${c.code}`, c.code)} hint={addOnPrice(t, c)} group>
          {(control) => (
            <RadioGroup
              {...control}
              appearance="inline"
              name={c.code}
              value={chosen[c.code] ?? null}
              onChange={(v) => setChosen({ ...chosen, [c.code]: v })}
              options={[
                { value: 'yes', label: t('policy.adjust.addOns.on') },
                { value: 'no', label: t('policy.adjust.addOns.off') },
              ]}
            />
          )}
        </Field>
      ))}
      <ChangeActions make={make} root={root} disabled={changes.length === 0} />
      {modal}
    </form>
  );
}

/**
 * The excess page (spec 3 §6): customers only when the product says the excess is adjustable, staff always;
 * an unchanged excess sends nothing.
 */
export function ExcessPage({ policy, root }: { policy: Policy; root: string }) {
  const { t } = useTranslation();
  const { productConfig, features } = useConfig();
  // The domain's options when a configuration names none (the product schema makes it required).
  const config = productConfig.excess ?? {
    voluntaryExcess: [...VOLUNTARY_EXCESS_OPTIONS],
    isAdjustable: true,
  };
  const current = changeQuoteOf(policy).voluntaryExcess ?? 0;
  const [excess, setExcess] = useState<string | null>(String(current));
  const { submit, make, modal } = useSubmitChange(policy, root);
  if (!config.isAdjustable && !features.isAdmin)
    return <Notification variant="info">{t('policy.adjust.excess.notAdjustable')}</Notification>;
  const changed = excess !== null && Number(excess) !== current;
  return (
    <form
      className={blocks.stack}
      data-testid="excess-page"
      onSubmit={(e) => {
        e.preventDefault();
        submit(changed ? [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: Number(excess) }] : []);
      }}
    >
      <h2 className={blocks.sectionTitle}>{t('policy.adjust.excess.header')}</h2>
      <WaitingChange policy={policy} what="excess" />
      <Field label={t('policy.adjust.excess.label')} group>
        {(control) => (
          <RadioGroup
            {...control}
            appearance="inline"
            name="excess"
            value={excess}
            onChange={setExcess}
            options={config.voluntaryExcess.map((v) => ({ value: String(v), label: `£${v}` }))}
          />
        )}
      </Field>
      <ChangeActions make={make} root={root} />
      {modal}
    </form>
  );
}
