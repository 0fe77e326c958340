import type { AdminCheckoutWay } from '@forecourt/domain/billing/collection';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../ui/index.ts';

export type AdminTab = { id: AdminCheckoutWay; content: ReactNode };

/** The admin checkout tabs, selected by the `tab` query parameter (a number; history replaced). */
export function AdminCheckoutTabs({ tabs }: { tabs: AdminTab[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = Number.parseInt(params.get('tab') ?? '0', 10);
  const selected = Number.isInteger(asked) && asked >= 0 && asked < tabs.length ? asked : 0;
  return (
    <Tabs
      label={t('adminCheckout.tabs')}
      selectedIndex={selected}
      onChange={(i) =>
        setParams(
          (p) => {
            p.set('tab', String(i));
            return p;
          },
          { replace: true },
        )
      }
      tabs={tabs.map((tab) => ({
        id: tab.id,
        label: t(`adminCheckout.tab.${tab.id}`),
        content: tab.content,
      }))}
    />
  );
}
