import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function renderConfirm(onConfirm: () => Promise<void>, onClose = vi.fn()) {
  render(
    <ConfirmDialog
      title="Delete Playlist"
      message="Are you sure you want to delete this playlist?"
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onClose={onClose}
      describeError={(failure) => `Failed: ${(failure as Error).message}`}
    />,
  );
  return onClose;
}

describe('ConfirmDialog', () => {
  it('asks with the exact sentence, focus on Cancel, and Cancel closes without acting', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const onClose = renderConfirm(onConfirm);
    const dialog = screen.getByRole('dialog', { name: 'Delete Playlist' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this playlist?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('says Loading... while the action runs and cannot be closed meanwhile', async () => {
    let finish: () => void = () => undefined;
    const onClose = renderConfirm(() => new Promise<void>((resolve) => (finish = resolve)));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    finish();
  });

  it('keeps the failure in view and lets the user try again', async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    renderConfirm(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed: offline');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
