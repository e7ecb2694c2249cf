import type { RefObject } from 'react';
import { Dialog } from '@tunafy/ui';
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

/**
 * The "?" overlay on @tunafy/ui's Dialog: Escape, the backdrop or Close dismiss it and focus goes back to where
 * it was. `listRef` is on the list inside, so the shortcuts can tell this dialog from another app's.
 */
export function ShortcutsHelp({ onClose, listRef }: { onClose: () => void; listRef: RefObject<HTMLDListElement | null> }) {
  return (
    <Dialog title="Keyboard shortcuts" description="They work anywhere on the page except while typing in a text field." onClose={onClose}>
      <dl ref={listRef} className={styles.list}>
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
    </Dialog>
  );
}
