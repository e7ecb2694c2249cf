import { expect } from 'vitest';

/** What the helper needs of a Testing Library user-event instance. */
interface Tabber {
  tab(options?: { shift?: boolean }): Promise<void>;
}

/**
 * Focus stays inside `order` (a dialog's or a menu's focusable parts, in tab order, focus on the first):
 * Tab walks it forward and wraps from the last to the first, Shift+Tab walks it back and wraps from the first
 * to the last.
 */
export async function expectFocusCycle(user: Tabber, order: readonly HTMLElement[]): Promise<void> {
  expect(order[0]).toHaveFocus();
  for (const next of [...order.slice(1), order[0]]) {
    await user.tab();
    expect(next).toHaveFocus();
  }
  for (const previous of [...order].reverse()) {
    await user.tab({ shift: true });
    expect(previous).toHaveFocus();
  }
}
