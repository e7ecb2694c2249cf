import { useEffect, useRef } from 'react';
import * as Radix from '@radix-ui/react-dialog';
import { CloseIcon } from '../icons/close-icon';
import { focusInside } from '../focus/focus';
import { themeClassName } from '../theme/theme';
import type { DialogProps } from './dialog';
import styles from './dialog.module.css';

/**
 * The behaviour of @tunafy/ui's Dialog (dialog.tsx loads this file in its own chunk). It is Radix's
 * Dialog primitive: labelled by its title, focus kept inside and returned on close, Escape and a
 * press on the backdrop close it, the page behind is inert for screen readers and does not scroll.
 * Rendered into document.body so no ancestor's overflow or stacking clips it, with the theme class on
 * its own root since it leaves the remote's tree.
 */
export function RadixDialog({ title, onClose, description, children, initialFocus = 'first', contentKey, opener }: DialogProps & { opener: HTMLElement | null }) {
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const shownKey = useRef(contentKey);
  useEffect(() => {
    if (shownKey.current === contentKey) return;
    shownKey.current = contentKey;
    if (body.current && panel.current) focusInside(body.current, 'first', panel.current);
  }, [contentKey]);

  return (
    <Radix.Root open onOpenChange={(open) => !open && onCloseRef.current()}>
      <Radix.Portal>
        {/* The content sits inside the overlay, so the overlay scrolls with a tall dialog on a short screen. */}
        <Radix.Overlay className={`${themeClassName} ${styles.backdrop}`} data-testid="dialog-backdrop">
          <Radix.Content
            ref={panel}
            className={styles.panel}
            // Radix hides the page behind from assistive technology; aria-modal says so to those that read it.
            aria-modal="true"
            // Without a description Radix would point aria-describedby at nothing (and warn).
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              if (body.current && panel.current) focusInside(body.current, initialFocus, panel.current);
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              // The opener may be gone (a menu that closed itself); then the browser's default is the best we can do.
              if (opener?.isConnected) opener.focus();
            }}
            // The Escape is the dialog's: a player or page shortcut behind it must not act on it too.
            onEscapeKeyDown={(event) => event.stopPropagation()}
          >
            <div className={styles.header}>
              <Radix.Title className={styles.title}>{title}</Radix.Title>
              <Radix.Close className={styles.close} aria-label="Close">
                <CloseIcon className={styles.closeIcon} />
              </Radix.Close>
            </div>
            {description && <Radix.Description className={styles.description}>{description}</Radix.Description>}
            <div ref={body}>{children}</div>
          </Radix.Content>
        </Radix.Overlay>
      </Radix.Portal>
    </Radix.Root>
  );
}
