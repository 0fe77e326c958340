import {
  type PolicyDocumentKind,
  policyDocumentKinds,
  quoteDocumentPath,
} from '@forecourt/contracts/documents';
import type { Policy } from '@forecourt/contracts/policies';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.tsx';
import { londonDay, quoteOf, versionsOf } from '../../../lib/policy-readers.ts';
import { Button, blocks, Card, Modal, Notification } from '../../../ui/index.ts';
import { isDocumentMissing, policyDocumentLink } from '../api/documents.ts';
import styles from '../documents.module.css';

const ChatPanel = lazy(() =>
  import('../../../app/chat/chat-panel.tsx').then((m) => ({ default: m.ChatPanel })),
);

const productDocuments = ['ipid', 'policy-wording', 'business-terms', 'privacy-policy'] as const;

/** Opens a document in a new window: the window is opened at the click (so no pop-up blocker stops it), then
 * sent to the document once its address is known. */
export const documentWindow = {
  open: () => window.open('', '_blank'),
};

/** A static product document's address, or null when the server has none. */
async function staticDocument(path: string): Promise<string | null> {
  const res = await fetch(new URL(path, window.location.origin), { method: 'HEAD' });
  return res.ok ? path : null;
}

/**
 * The documents tab (spec 2 §2, §9): the certificate and schedule of every policy version (RTA 1988 s147: the
 * certificate stays available for the life of the policy), the IPID, wording, terms of business and privacy
 * policy. Each opens in a new window; a missing one shows the "being generated" modal.
 */
export function DocumentsTab({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const { contact } = useConfig();
  const [missing, setMissing] = useState(false);
  const [failed, setFailed] = useState(false);
  const [chat, setChat] = useState(false);
  const quote = quoteOf(policy);
  const versions = [...versionsOf(policy)].reverse();
  const current = policy.currentPolicyVersion.versionNumber;

  async function open(load: () => Promise<string | null>) {
    setFailed(false);
    const win = documentWindow.open();
    try {
      const url = await load();
      if (url === null) {
        win?.close();
        setMissing(true);
        return;
      }
      if (win) {
        win.opener = null;
        win.location.href = url;
      } else window.location.assign(url);
    } catch (err) {
      win?.close();
      if (isDocumentMissing(err)) setMissing(true);
      else setFailed(true);
    }
  }

  const policyDoc = (doc: PolicyDocumentKind, version: number) => () =>
    open(async () => (await policyDocumentLink(policy.policyId, doc, version)).url);

  return (
    <div className={blocks.grid}>
      <h2>{t('policy.documents.header')}</h2>
      <p className={blocks.muted}>{t('policy.documents.intro')}</p>
      {failed && <Notification variant="critical">{t('policy.documents.failed')}</Notification>}
      {versions.map((v) => (
        <Card
          key={v.versionNumber}
          level={3}
          title={
            <span className={blocks.row}>
              {t('policy.documents.version', { version: v.versionNumber, date: londonDay(v.startedAt) })}
              {v.versionNumber === current && (
                <span className={blocks.muted}>{t('policy.documents.current')}</span>
              )}
            </span>
          }
        >
          <ul className={blocks.list} data-testid={`version-${v.versionNumber}`}>
            {policyDocumentKinds.map((doc) => (
              <li key={doc}>
                <button type="button" className={styles.docButton} onClick={policyDoc(doc, v.versionNumber)}>
                  {t(`policy.documents.${doc}`)}
                </button>
              </li>
            ))}
          </ul>
        </Card>
      ))}
      <Card level={3} title={t('policy.documents.product')}>
        <ul className={blocks.list}>
          {productDocuments.map((id) => (
            <li key={id}>
              <button
                type="button"
                className={styles.docButton}
                onClick={() =>
                  open(() =>
                    staticDocument(
                      quoteDocumentPath(
                        { wordingVersion: quote.wordingVersion ?? '', mainInsurer: quote.mainInsurer ?? '' },
                        id,
                      ),
                    ),
                  )
                }
              >
                {t(`policy.documents.${id}`)}
              </button>
            </li>
          ))}
        </ul>
      </Card>
      <Modal
        open={missing}
        onClose={() => setMissing(false)}
        title={t('policy.documents.missing.header')}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setMissing(false);
                setChat(true);
              }}
            >
              {t('policy.documents.missing.chat')}
            </Button>
            <Button onClick={() => setMissing(false)}>{t('policy.documents.missing.close')}</Button>
          </>
        }
      >
        <p>{t('policy.documents.missing.body')}</p>
        <p>
          <a href={`mailto:${contact.email}`} target="_blank" rel="noreferrer">
            {t('policy.documents.missing.help')}
          </a>
        </p>
      </Modal>
      {chat && (
        <Suspense fallback={null}>
          <ChatPanel open={chat} onClose={() => setChat(false)} />
        </Suspense>
      )}
    </div>
  );
}
