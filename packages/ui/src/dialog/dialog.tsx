import { useEffect, useState, type ReactNode } from 'react';
import { lazyChunk } from '../lazy/lazy-chunk';
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

const chunk = lazyChunk(() => import('./radix-dialog'));

/**
 * Loads the dialog's behaviour (Radix, ~13 KB gzip) in its own chunk. Pages that only might open a
 * dialog do not pay for it up front; call this on an intent (a menu opening) to have it ready, and in
 * test setup so a dialog renders at once. Resolves to the same module every time.
 */
export function preloadDialog() {
  return chunk.preload();
}

/**
 * A modal dialog, open while mounted (render it conditionally): labelled by its title, focus kept
 * inside and returned to its opener, Escape and a press on the backdrop close it, the page behind is
 * inert for screen readers and does not scroll (see radix-dialog.tsx). The first one on a page
 * appears once its chunk has loaded.
 */
export function Dialog(props: DialogProps) {
  // Read during the first render, before anything moves focus. Radix returns focus to its own Trigger,
  // and a Tunafy dialog is opened by many things (a menu item, the event bus), so the opener is ours to keep.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const [loaded, setLoaded] = useState(chunk.loaded);
  useEffect(() => {
    if (loaded) return;
    let mounted = true;
    void preloadDialog().then((module) => mounted && setLoaded(module));
    return () => {
      mounted = false;
    };
  }, [loaded]);
  if (!loaded) return null;
  return <loaded.RadixDialog {...props} opener={opener} />;
}

/** Class names for content that sits in a dialog: its right-aligned actions and an error line. */
export const dialogActionsClassName = styles.actions;
export const dialogErrorClassName = styles.error;
