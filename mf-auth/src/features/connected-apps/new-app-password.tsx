import { useEffect, useRef } from 'react';
import type { CreatedAppPassword } from '@tunafy/contracts';
import { Button, CopyButton } from '@tunafy/ui';
import styles from './connected-apps.module.css';

/** The new secret, the only time the API ever sends it: focused, so a screen reader reads it out with the warning. */
export function NewAppPassword({ created, onDone }: { created: CreatedAppPassword; onDone: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [created.id]);
  return (
    <div ref={box} tabIndex={-1} role="region" aria-labelledby="new-app-password-title" aria-describedby="new-app-password-warning" className={styles.secretBox}>
      <h3 id="new-app-password-title" className={styles.secretTitle}>
        New app password for “{created.name}”
      </h3>
      <p id="new-app-password-warning" className={styles.warning}>
        Copy it now and type it into the app as its password. It will not be shown again.
      </p>
      <div className={styles.secretRow}>
        <code className={styles.secret} data-secret>
          {created.password}
        </code>
        <CopyButton text={created.password} label="Copy the app password" variant="primary" />
      </div>
      <Button variant="secondary" size="small" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
