import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { CloseIcon } from '../icons/icons';
import { focusInside } from '../focus/focus';
import { themeClassName } from '../theme/theme';
import styles from './dialog.module.css';

export interface DialogProps {
  title: string;
  onClose: () => void;
  /** The sentence that says what the dialog is about; read with the title (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Which of the content's controls gets focus when the dialog opens (the close button is skipped). */
  initialFocus?: 'first' | 'last';
  /**
   * Changing it moves focus to the new content's first control: for a dialog that switches its
   * content in place (the auth modal going from log-in to sign-up).
   */
  contentKey?: string;
}

/**
 * A modal dialog, always open while mounted (render it conditionally). The behaviour is Radix's
 * Dialog primitive: labelled by its title, focus kept inside and returned on close, Escape and a
 * press on the backdrop close it, the page behind is inert for screen readers and does not scroll.
 * Rendered into document.body so no ancestor's overflow or stacking clips it, with the theme class on
 * its own root since it leaves the remote's tree.
 */
export function Dialog({ title, onClose, description, children, initialFocus = 'first', contentKey }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // Read during the first render, before focus moves in. Radix returns focus to its Trigger, and a
  // Tunafy dialog is opened by many things (a menu item, the event bus), so the opener is ours to keep.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const shownKey = useRef(contentKey);
  useEffect(() => {
    if (shownKey.current === contentKey) return;
    shownKey.current = contentKey;
    if (body.current && panel.current) focusInside(body.current, 'first', panel.current);
  }, [contentKey]);

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onCloseRef.current()}>
      <RadixDialog.Portal>
        {/* The content sits inside the overlay, so the overlay scrolls with a tall dialog on a short screen. */}
        <RadixDialog.Overlay className={`${themeClassName} ${styles.backdrop}`} data-testid="dialog-backdrop">
          <RadixDialog.Content
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
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
              <RadixDialog.Close className={styles.close} aria-label="Close">
                <CloseIcon className={styles.closeIcon} />
              </RadixDialog.Close>
            </div>
            {description && <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>}
            <div ref={body}>{children}</div>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Class names for content that sits in a dialog: its right-aligned actions and an error line. */
export const dialogActionsClassName = styles.actions;
export const dialogErrorClassName = styles.error;
