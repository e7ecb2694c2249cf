import { useNotices } from './notices';

export interface ToasterProps {
  /** How long each notice shows, and how many show at once (see useNotices). */
  visibleMs: number;
  max: number;
  /** The app's own look: the live region, a notice, and what an error notice adds. */
  classNames: { region: string; toast: string; error: string };
}

/**
 * `ui:notify` messages from any app, in a polite live region that is always mounted (so screen readers announce
 * each message). The shell's toaster; a remote's dev page shows the same in its place.
 */
export function Toaster({ visibleMs, max, classNames }: ToasterProps) {
  const toasts = useNotices({ visibleMs, max });
  return (
    <div className={classNames.region} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <p key={toast.id} className={toast.kind === 'error' ? `${classNames.toast} ${classNames.error}` : classNames.toast}>
          {toast.message}
        </p>
      ))}
    </div>
  );
}
