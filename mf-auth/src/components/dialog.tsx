import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import styles from './dialog.module.css';
import { focusableIn, trapTab } from './focus';

interface DialogProps {
  title: string;
  onClose: () => void;
  /** Changing it moves focus to the new content (the modal switches between log-in and sign-up in place). */
  view: string;
  children: ReactNode;
}

/**
 * A modal dialog: labelled by its title, focus kept inside, Escape and a
 * backdrop click close it, and focus goes back to whatever opened it.
 */
export function Dialog({ title, onClose, view, children }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  // Read during the first render, before any of our effects moves focus into the dialog.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Declared first so its cleanup runs first: returning focus to the opener must not trip our own focus guard.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab' && panel.current && trapTab(event, panel.current)) {
        event.preventDefault();
      }
    };
    // Focus that escapes anyway (a click on the page behind, a screen reader jump) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      const container = panel.current;
      if (container && event.target instanceof Node && !container.contains(event.target)) {
        (focusableIn(container)[0] ?? container).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // The opener may be gone (a menu that closed itself); then the browser's default is the best we can do.
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  useEffect(() => {
    const target = body.current && focusableIn(body.current)[0];
    (target ?? panel.current)?.focus();
  }, [view]);

  // Only a click that starts and ends on the backdrop closes: dragging a text selection out of an input must not.
  const onBackdropMouseDown = (event: MouseEvent) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressedOnBackdrop.current = false;
  };

  return (
    <div className={styles.backdrop} onMouseDown={onBackdropMouseDown} onClick={onBackdropClick} data-testid="dialog-backdrop">
      <div ref={panel} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <svg className={styles.closeIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M2.47 2.47a.75.75 0 0 1 1.06 0L8 6.94l4.47-4.47a.75.75 0 1 1 1.06 1.06L9.06 8l4.47 4.47a.75.75 0 1 1-1.06 1.06L8 9.06l-4.47 4.47a.75.75 0 0 1-1.06-1.06L6.94 8 2.47 3.53a.75.75 0 0 1 0-1.06Z" />
            </svg>
          </button>
        </div>
        <div ref={body}>{children}</div>
      </div>
    </div>
  );
}
