import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectFocusCycle } from '@tunafy/app-kit/test';
import { Dialog } from './dialog';

function WithOpener({ onClose = () => undefined, description }: { onClose?: () => void; description?: string }) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState('one');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          title="Edit details"
          description={description}
          contentKey={view}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          {view === 'one' ? (
            <>
              <input aria-label="Name" />
              <button type="button" onClick={() => setView('two')}>
                Next
              </button>
            </>
          ) : (
            <button type="button">Second view</button>
          )}
        </Dialog>
      )}
    </>
  );
}

async function open() {
  const user = userEvent.setup();
  render(<WithOpener />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Edit details' }) };
}

describe('Dialog', () => {
  it('is a modal dialog named by its title, focus on its first control (not the close button)', async () => {
    const { dialog } = await open();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Edit details' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
  });

  it('appears once its behaviour’s chunk has loaded (the first dialog on a page), focus on its first control', async () => {
    vi.resetModules();
    const fresh = await import('./dialog');
    render(
      <fresh.Dialog title="Late" onClose={() => undefined}>
        <button type="button">Inside</button>
      </fresh.Dialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Late' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inside' })).toHaveFocus();
  });

  it('is described by its description, and by nothing without one', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<WithOpener description="Changes show everywhere." />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog')).toHaveAccessibleDescription('Changes show everywhere.');
    unmount();
    const { dialog } = await open();
    expect(dialog).not.toHaveAttribute('aria-describedby');
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const { user, dialog } = await open();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const next = within(dialog).getByRole('button', { name: 'Next' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await expectFocusCycle(user, [name, next, close]);
  });

  it('pulls focus back when it lands outside', async () => {
    const { dialog } = await open();
    act(() => screen.getByRole('button', { name: 'Open', hidden: true }).focus());
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape, without letting the key reach page shortcuts, and gives focus back to its opener', async () => {
    const pageShortcut = vi.fn();
    window.addEventListener('keydown', pageShortcut);
    const { user } = await open();
    await user.keyboard('{Escape}');
    window.removeEventListener('keydown', pageShortcut);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pageShortcut).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });

  it('closes with its close button and on a press on the backdrop, not on one inside', async () => {
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('heading', { name: 'Edit details' }));
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves focus to the new content when it changes in place', async () => {
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('button', { name: 'Second view' })).toHaveFocus();
  });

  it('hides the page behind it from screen readers while open', async () => {
    await open();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument());
  });
});
