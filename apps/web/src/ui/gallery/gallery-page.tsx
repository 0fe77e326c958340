import styles from './gallery.module.css';
import { ButtonsSection, FeedbackSection, OverlaysSection } from './gallery-basics.tsx';
import { ChoiceInputsSection, DateInputsSection, TextInputsSection } from './gallery-inputs.tsx';
import { StructureSection } from './gallery-layout.tsx';
import { LookupsSection } from './gallery-lookups.tsx';

/**
 * Every widget of the UI kit in every state, for screenshots and review. Development only (mounted at /dev/ui);
 * its sample texts are fixtures, not product copy, so they are not keyed.
 */
export default function GalleryPage() {
  return (
    <main className={styles.gallery}>
      <h1 className={styles.title}>UI kit</h1>
      <p className={styles.intro}>Every widget in every state, in the current brand's theme.</p>
      <ButtonsSection />
      <OverlaysSection />
      <FeedbackSection />
      <StructureSection />
      <TextInputsSection />
      <DateInputsSection />
      <ChoiceInputsSection />
      <LookupsSection />
    </main>
  );
}
