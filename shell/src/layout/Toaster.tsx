import { useEffect, useState } from 'react';
import { getEventBus, type EventMap } from '@tunafy/event-bus';
import styles from './Toaster.module.css';

type Toast = EventMap['ui:notify'] & { id: number };

const VISIBLE_MS = 5000;

/** Renders `ui:notify` messages from any app; the live region is always mounted so readers announce them. */
export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const subscription = getEventBus()
      .on('ui:notify')
      .subscribe((notice) => {
        const id = ++next;
        setToasts((list) => [...list.slice(-2), { ...notice, id }]);
        const timer = setTimeout(() => {
          timers.delete(timer);
          setToasts((list) => list.filter((toast) => toast.id !== id));
        }, VISIBLE_MS);
        timers.add(timer);
      });
    return () => {
      subscription.unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, []);
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
