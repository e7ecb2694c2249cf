import { useEffect, useId, useRef, type RefObject } from 'react';
import styles from './shortcuts-help.module.css';
import shared from './shared.module.css';

export const SHORTCUTS: readonly { keys: string[]; label: string; does: string }[] = [
  { keys: ['Space'], label: 'Space', does: 'Play or pause' },
  { keys: ['←'], label: 'Left arrow', does: 'Back 5 seconds' },
  { keys: ['→'], label: 'Right arrow', does: 'Forward 5 seconds' },
  { keys: ['↑'], label: 'Up arrow', does: 'Volume up' },
  { keys: ['↓'], label: 'Down arrow', does: 'Volume down' },
  { keys: ['M'], label: 'M', does: 'Mute or unmute' },
  { keys: ['?'], label: 'Question mark', does: 'Show these shortcuts' },
];

/** The "?" overlay: a small modal dialog; Escape, the backdrop or Close dismiss it and focus goes back. */
export function ShortcutsHelp({ onClose, dialogRef }: { onClose: () => void; dialogRef: RefObject<HTMLDivElement | null> }) {
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    return () => opener?.focus();
  }, []);

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
          // One control inside: Tab stays on it.
          if (event.key === 'Tab') {
            event.preventDefault();
            close.current?.focus();
          }
        }}
      >
        <h2 id={titleId} className={styles.title}>
          Keyboard shortcuts
        </h2>
        <p className={styles.hint}>They work anywhere on the page except while typing in a text field.</p>
        <dl className={styles.list}>
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.label} className={styles.item}>
              <dt>
                <kbd className={styles.key} aria-hidden="true">
                  {shortcut.keys.join(' ')}
                </kbd>
                <span className={shared.srOnly}>{shortcut.label}</span>
              </dt>
              <dd>{shortcut.does}</dd>
            </div>
          ))}
        </dl>
        <button ref={close} type="button" className={styles.close} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
