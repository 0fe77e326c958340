import type { Proposal } from '@forecourt/contracts/proposals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, PopupMenu } from '../../../ui/index.ts';
import { useDeleteProposal } from '../api/delete-proposal.ts';
import styles from './your-quotes.module.css';

/** A proposal card's manage menu (spec 2 §2): delete, after a confirmation; the card then goes. */
export function ManageQuote({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteProposal();
  const reference = proposal.externalReference;
  return (
    <>
      <PopupMenu
        trigger={<span aria-hidden="true">⋯</span>}
        triggerLabel={t('home.quotes.manage', { reference })}
        items={[
          {
            id: 'delete',
            label: t('home.quotes.delete'),
            tone: 'critical',
            onSelect: () => setConfirming(true),
          },
        ]}
      />
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('home.quotes.deleteTitle')}
        footer={
          <div className={styles.confirm}>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('home.quotes.keep')}
            </Button>
            <Button
              disabled={remove.isPending}
              onClick={() => remove.mutate(proposal.proposalCode, { onSuccess: () => setConfirming(false) })}
            >
              {t('home.quotes.deleteConfirm')}
            </Button>
          </div>
        }
      >
        <p>{t('home.quotes.deleteBody', { reference })}</p>
        {remove.isError && <p role="alert">{t('home.quotes.deleteFailed')}</p>}
      </Modal>
    </>
  );
}
