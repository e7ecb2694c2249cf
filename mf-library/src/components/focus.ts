const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * Keeps Tab and Shift+Tab cycling inside `container`. Returns whether it moved
 * focus itself (the browser's default must then be cancelled).
 */
export function trapTab(event: KeyboardEvent, container: HTMLElement): boolean {
  const items = focusableIn(container);
  if (items.length === 0) {
    container.focus();
    return true;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (event.shiftKey && (active === first || active === container || outside)) {
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || outside)) {
    first.focus();
    return true;
  }
  return false;
}
