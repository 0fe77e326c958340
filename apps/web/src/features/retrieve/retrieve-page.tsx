import { formatLondon } from '@forecourt/domain/dates';
import { isPostcode } from '@forecourt/domain/patterns';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../app/page/page.tsx';
import { isApiError } from '../../lib/api/errors.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { useConfig } from '../../lib/config.tsx';
import { Button, DateOfBirthInput, Field, Modal, TextInput } from '../../ui/index.ts';
import styles from './retrieve.module.css';
import { findByReference, retrieveSession } from './retrieve-api.ts';

type Failure = { kind: '401' } | { kind: 'locked'; retryAt: string } | { kind: 'unknown' };

/** What went wrong: wrong details (401), too many attempts (429, with when to try again), or anything else. */
function failureOf(err: unknown): Failure {
  if (!isApiError(err)) return { kind: 'unknown' };
  if (err.status === 401) return { kind: '401' };
  const retryAt = (err.body as { retryAt?: unknown } | undefined)?.retryAt;
  if (err.status === 429 && typeof retryAt === 'string') return { kind: 'locked', retryAt };
  return { kind: 'unknown' };
}

const londonTime = (iso: string) => formatLondon(iso, 'HH:mm');

/**
 * Retrieve a saved quote (spec 3 §2 "Retrieve"): reference (from ?ref=, then hidden), date of birth and
 * postcode (upper-cased as typed); submit only when all three are present and the postcode is valid; a
 * postcode that is not a UK format says so under the field once the customer leaves it (spec 1 §5.3).
 */
export function RetrievePage() {
  const { t } = useTranslation();
  const config = useConfig();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const refFromQuery = search.get('ref') ?? '';
  const [reference, setReference] = useState(refFromQuery);
  const [dateOfBirth, setDateOfBirth] = useState<string | null>(null);
  const [postalCode, setPostalCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [postcodeChecked, setPostcodeChecked] = useState(false);
  const { user } = useAuth();
  if (user) return <Navigate to="/" replace />;
  const postcodeValid = isPostcode(postalCode.trim());
  const ready = reference.trim() !== '' && postcodeValid && dateOfBirth !== null;
  const submit = async () => {
    if (!ready || !dateOfBirth) return;
    setBusy(true);
    try {
      await retrieveSession({
        externalReference: reference.trim(),
        dateOfBirth,
        postalCode: postalCode.trim(),
        brand: config.id,
      });
      const proposal = await findByReference(reference.trim());
      const scheme = schemeOf(config.schemes, proposal?.schemeCode);
      navigate(proposal && scheme ? `/${scheme.productUrlName}/proposal/${proposal.proposalCode}` : '/');
    } catch (err) {
      setFailure(failureOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page
      header={t('retrieve.header')}
      subheader={t('retrieve.subheader')}
      width="narrow"
      data-page="retrieve"
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {refFromQuery && <p className={styles.reference}>{t('retrieve.referenceShown', { reference })}</p>}
        {!refFromQuery && (
          <Field label={t('retrieve.reference')} hint={t('retrieve.reference.hint')}>
            {(control) => (
              <TextInput {...control} value={reference} onChange={setReference} autoComplete="off" />
            )}
          </Field>
        )}
        <Field label={t('retrieve.dateOfBirth')} group>
          {(control) => <DateOfBirthInput {...control} value={dateOfBirth} onChange={setDateOfBirth} />}
        </Field>
        <Field
          label={t('retrieve.postalCode')}
          error={
            postcodeChecked && postalCode.trim() !== '' && !postcodeValid
              ? t('retrieve.postalCode.invalid')
              : undefined
          }
        >
          {(control) => (
            <TextInput
              {...control}
              value={postalCode}
              onBlur={() => setPostcodeChecked(true)}
              onChange={(v) => {
                setPostalCode(v);
                if (isPostcode(v.trim())) setPostcodeChecked(false);
              }}
              transform={(v) => v.toUpperCase()}
              autoComplete="postal-code"
            />
          )}
        </Field>
        <Button type="submit" layout="fixed" disabled={!ready} loading={busy}>
          {t('retrieve.submit')}
        </Button>
      </form>
      <Modal
        open={failure !== null}
        onClose={() => setFailure(null)}
        title={t(`retrieve.error.${failure?.kind ?? 'unknown'}.header`)}
        footer={<Button onClick={() => setFailure(null)}>{t('retrieve.error.close')}</Button>}
      >
        <p>
          {t(`retrieve.error.${failure?.kind ?? 'unknown'}.message`, {
            phone: config.contact.phone,
            time: failure?.kind === 'locked' ? londonTime(failure.retryAt) : '',
          })}
        </p>
      </Modal>
    </Page>
  );
}
