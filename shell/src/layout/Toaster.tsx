import { useNotices } from '@tunafy/app-kit';
import styles from './Toaster.module.css';

/** Renders `ui:notify` messages from any app (three at most, 5 s each); the live region is always mounted so readers announce them. */
export function Toaster() {
  const toasts = useNotices({ visibleMs: 5000, max: 3 });
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <p key={toast.id} className={toast.kind === 'error' ? `${styles.toast} ${styles.error}` : styles.toast}>
          {toast.message}
        </p>
      ))}
    </div>
  );
}
