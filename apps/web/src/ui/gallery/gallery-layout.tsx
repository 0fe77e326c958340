import { useConfig } from '../../lib/config.tsx';
import { Button } from '../button/button.tsx';
import { Collapsible } from '../collapsible/collapsible.tsx';
import { Card } from '../layout/card.tsx';
import { PageWidth } from '../layout/page-width.tsx';
import { PromoBanner } from '../layout/promo-banner.tsx';
import { SidebarLayout } from '../layout/sidebar-layout.tsx';
import { StickyHeader } from '../layout/sticky-header.tsx';
import { PopupMenu } from '../popup-menu/popup-menu.tsx';
import { Tabs } from '../tabs/tabs.tsx';
import styles from './gallery.module.css';
import { Section, Specimen } from './specimen.tsx';

const noop = () => {};

export function StructureSection() {
  const config = useConfig();
  return (
    <Section title="Structure">
      <Specimen name="tabs (selected index 0; arrow keys)">
        <div className={styles.full}>
          <Tabs
            label="Find your car"
            tabs={[
              { id: 'reg', label: 'Registration', content: <p>Search by registration number.</p> },
              { id: 'select', label: 'Select vehicle', content: <p>Choose year, make and model.</p> },
            ]}
          />
        </div>
      </Specimen>
      <Specimen name="collapsible: closed and open">
        <div className={styles.full}>
          <Collapsible title="What is not covered?">
            <p>Wear and tear.</p>
          </Collapsible>
          <Collapsible title="What is covered?" defaultOpen>
            <p>Accidental damage, fire and theft, windscreen repair.</p>
          </Collapsible>
        </div>
      </Specimen>
      <Specimen name="popup menu (304px)">
        <PopupMenu
          trigger="Manage quote ▾"
          align="start"
          items={[
            { id: 'rename', label: 'Rename quote', onSelect: noop },
            { id: 'copy', label: 'Duplicate', onSelect: noop, disabled: true },
            { id: 'delete', label: 'Delete quote', onSelect: noop, tone: 'critical' },
          ]}
        />
      </Specimen>
      <Specimen name="card: default and highlight">
        <div className={styles.full}>
          <Card title="Ford Focus Zetec" level={3} footer={<Button layout="small">Change</Button>}>
            2019, petrol, manual hatchback
          </Card>
        </div>
        <div className={styles.full}>
          <Card title="Recommended" level={3} tone="highlight">
            Fully comprehensive monthly cover.
          </Card>
        </div>
      </Specimen>
      <Specimen name="sticky header inside a scrolling box" wide>
        <div className={styles.scrollBox}>
          <StickyHeader>
            <div className={styles.ruler}>Sticky header: £42.10 a month</div>
          </StickyHeader>
          <div className={styles.filler}>Scroll me…</div>
        </div>
      </Specimen>
      <Specimen name="sidebar layout (sidebar sticky at top 4rem from 1024px)" wide>
        <div className={styles.full}>
          <SidebarLayout
            sidebarLabel="Price"
            sidebar={
              <Card title="Your price" level={3}>
                £42.10 a month
              </Card>
            }
          >
            <Card title="About you" level={3}>
              Main content of the page.
            </Card>
          </SidebarLayout>
        </div>
      </Specimen>
      <Specimen name="promotional banner" wide>
        <div className={styles.full}>
          <PromoBanner
            title="Your first month for £1"
            image={{ src: config.theme.logo.src, alt: config.theme.logo.alt, fit: 'contain' }}
            action={<Button layout="small">See the terms</Button>}
          >
            Switch today and pay £1 for your first month of cover.
          </PromoBanner>
        </div>
      </Specimen>
      <Specimen name="page widths: narrow (420/552/584) and wide (944/992)" wide>
        <div className={styles.full}>
          <PageWidth>
            <div className={styles.ruler}>narrow page width</div>
          </PageWidth>
          <PageWidth wide>
            <div className={styles.ruler}>wide page width</div>
          </PageWidth>
        </div>
      </Specimen>
    </Section>
  );
}
