import { useRef, useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectFocusCycle } from '@tunafy/app-kit/test';
import { ModalFocus } from './modal-focus';

function Sheet({ onClose, keepEscapeIn = false }: { onClose: () => void; keepEscapeIn?: boolean }) {
  const close = useRef<HTMLButtonElement>(null);
  const [panel, setPanel] = useState(true);
  return (
    <ModalFocus
      role="dialog"
      aria-modal="true"
      aria-label="Sheet"
      initialFocus={close}
      onDismiss={onClose}
      onEscapeKeyDown={(event) => {
        if (keepEscapeIn && panel && event.target instanceof Element && event.target.closest('[data-panel]')) event.preventDefault();
      }}
    >
      <a href="#first">First link</a>
      <button ref={close} type="button" onClick={onClose}>
        Close
      </button>
      {panel && (
        <div data-panel onKeyDown={(event) => event.key === 'Escape' && setPanel(false)}>
          <button type="button">In the panel</button>
        </div>
      )}
    </ModalFocus>
  );
}

function Page({ keepEscapeIn }: { keepEscapeIn?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && <Sheet keepEscapeIn={keepEscapeIn} onClose={() => setOpen(false)} />}
    </>
  );
}

async function openSheet(keepEscapeIn?: boolean) {
  const user = userEvent.setup();
  render(<Page keepEscapeIn={keepEscapeIn} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, sheet: screen.getByRole('dialog', { name: 'Sheet' }) };
}

const shortcuts = vi.fn();
afterEach(() => {
  document.removeEventListener('keydown', shortcuts);
  shortcuts.mockReset();
});

describe('ModalFocus', () => {
  it('starts on the control it is given, and Tab and Shift+Tab go round inside', async () => {
    const { user, sheet } = await openSheet();
    const close = screen.getByRole('button', { name: 'Close' });
    await waitFor(() => expect(close).toHaveFocus());
    await expectFocusCycle(user, [close, screen.getByRole('button', { name: 'In the panel' }), screen.getByRole('link', { name: 'First link' })]);
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
  });

  it('pulls focus back when it lands outside', async () => {
    const { sheet } = await openSheet();
    act(() => screen.getByRole('button', { name: 'Open' }).focus());
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape, which the page’s shortcuts do not see, and focus goes back to the opener', async () => {
    const { user } = await openSheet();
    document.addEventListener('keydown', shortcuts);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shortcuts).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
    // Closed, the page's shortcuts get their Escape again.
    await user.keyboard('{Escape}');
    expect(shortcuts).toHaveBeenCalledTimes(1);
  });

  it('lets a panel inside keep an Escape for itself, then closes on the next', async () => {
    const { user, sheet } = await openSheet(true);
    act(() => screen.getByRole('button', { name: 'In the panel' }).focus());
    await user.keyboard('{Escape}');
    expect(sheet).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'In the panel' })).toBeNull();
    act(() => screen.getByRole('button', { name: 'Close' }).focus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not close on a press outside', async () => {
    const { user, sheet } = await openSheet();
    await user.click(document.body);
    expect(sheet).toBeInTheDocument();
  });
});
