import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { focusableIn, trapTab } from './focus';
import styles from './dialog.module.css';
import theme from './theme.module.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  /** The sentence that says what the dialog is about; read with the title (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** The element to focus first; defaults to the first focusable one. */
  initialFocus?: 'first' | 'last';
}

/**
 * A modal dialog: labelled by its title, focus kept inside, Escape and a
 * backdrop click close it, and focus goes back to whatever opened it. Rendered
 * into document.body so no ancestor's overflow or stacking clips it.
 */
export function Dialog({ title, onClose, description, children, initialFocus = 'first' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab' && panel.current && trapTab(event, panel.current)) {
        event.preventDefault();
      }
    };
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
    const container = panel.current;
    if (container) {
      const items = focusableIn(container).filter((element) => !element.hasAttribute('data-dialog-close'));
      const target = initialFocus === 'last' ? items[items.length - 1] : items[0];
      (target ?? container).focus();
    }
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
    // Focus moves in once, when the dialog opens.
  }, []);

  const onBackdropMouseDown = (event: MouseEvent) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressedOnBackdrop.current = false;
  };

  return createPortal(
    <div className={`${theme.theme} ${styles.backdrop}`} onMouseDown={onBackdropMouseDown} onClick={onBackdropClick}>
      <div
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close" data-dialog-close="">
            <CloseIcon className={styles.closeIcon} />
          </button>
        </div>
        {description && (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
