import type { ReactNode } from 'react';
import { TitledSection } from './titled-section';
import styles from './page-section.module.css';

const PAGE_SECTION_CLASSES = { section: styles.section, head: styles.head, title: styles.title };

/** A section of a user's or an artist's page: its h2, a note beside it ("Most played first") and an action at the end of its head. */
export function PageSection({ id, title, note, action, children }: { id: string; title: string; note?: string; action?: ReactNode; children: ReactNode }) {
  const head = (
    <>
      {note && <p className={styles.note}>{note}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </>
  );
  return (
    <TitledSection id={id} title={title} classNames={PAGE_SECTION_CLASSES} head={head}>
      {children}
    </TitledSection>
  );
}
