import { useRef, useState } from 'react';
import { ApiError } from '@tunafy/api-client';
import { MESSAGES, type AppPassword } from '@tunafy/contracts';
import { Button, ConfirmDialog, EmptyState } from '@tunafy/ui';
import styles from './connected-apps.module.css';

const DATE = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{DATE.format(new Date(iso))}</time>;
}

/** The confirmation's failure line: the API's own sentence, the generic one for a 5xx, or that it cannot be reached. */
function describeFailure(failure: unknown): string {
  if (failure instanceof ApiError) return failure.fieldErrors.server ?? failure.body.message;
  return MESSAGES.serverError;
}

interface AppPasswordListProps {
  appPasswords: AppPassword[];
  onRevoke: (id: string) => Promise<void>;
}

/** The account's app passwords with when each was last used and by which app, and a confirmed Revoke on each. */
export function AppPasswordList({ appPasswords, onRevoke }: AppPasswordListProps) {
  const [revoking, setRevoking] = useState<AppPassword | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const confirm = async () => {
    if (!revoking) return;
    await onRevoke(revoking.id);
    setAnnouncement(`“${revoking.name}” was revoked. Apps that used it can no longer sign in.`);
    setRevoking(null);
    // Its row (and the button that opened the dialog) is gone: focus lands on the list, not on the page's start.
    requestAnimationFrame(() => heading.current?.focus());
  };

  return (
    <section className={styles.section} aria-labelledby="your-app-passwords">
      <h2 id="your-app-passwords" ref={heading} tabIndex={-1} className={styles.heading}>
        Your app passwords
      </h2>
      {/* Present before it fills, so screen readers announce a revoke. */}
      <p role="status" className={styles.announcement}>
        {announcement}
      </p>
      {appPasswords.length === 0 ? (
        <EmptyState level={3} title="No app passwords yet" text="Create one above, then type it into your app as its password." />
      ) : (
        <ul className={styles.list}>
          {appPasswords.map((appPassword) => (
            <li key={appPassword.id} className={styles.item}>
              <div className={styles.itemText}>
                <h3 className={styles.itemName}>{appPassword.name}</h3>
                <p className={styles.itemMeta}>
                  Created <When iso={appPassword.created_at} />
                </p>
                <p className={styles.itemMeta}>
                  {appPassword.last_used_at ? (
                    <>
                      Last used <When iso={appPassword.last_used_at} />
                      {appPassword.last_used_client && ` by ${appPassword.last_used_client}`}
                    </>
                  ) : (
                    'Never used'
                  )}
                </p>
              </div>
              <Button variant="secondary" size="small" aria-label={`Revoke ${appPassword.name}`} onClick={() => setRevoking(appPassword)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      {revoking && (
        <ConfirmDialog
          title="Revoke app password?"
          message={`Apps signed in with “${revoking.name}” will stop working at once. This cannot be undone.`}
          confirmLabel="Revoke"
          onConfirm={confirm}
          onClose={() => setRevoking(null)}
          describeError={describeFailure}
        />
      )}
    </section>
  );
}
