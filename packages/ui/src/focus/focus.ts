/**
 * Focus helpers for what the dialog primitive does not decide for us: which element gets focus
 * when a dialog opens or its content changes in place. Keeping focus inside (Tab, Shift+Tab, focus
 * that escapes) and returning it on close is the primitive's job (Radix FocusScope).
 */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside `container`, in document order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * Focuses the first (or last) focusable element in `container`, or the fallback (a dialog's panel,
 * tabIndex -1) when there is none, so focus never stays on what is now behind a modal.
 */
export function focusInside(container: HTMLElement, where: 'first' | 'last' = 'first', fallback: HTMLElement = container): void {
  const items = focusableIn(container);
  const target = where === 'last' ? items[items.length - 1] : items[0];
  (target ?? fallback).focus();
}
