import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

// What the album and playlist pages' tests share: their owner-only controls (SPEC §6) and deleting from the menu.

/** Once the header shows `count`, neither the "More options for {name}" menu nor any row's Remove is there. */
export async function expectNoOwnerControls(name: string, count = '2 songs') {
  await waitFor(() => expect(screen.getByText(count)).toBeInTheDocument());
  expect(screen.queryByRole('button', { name: `More options for ${name}` })).toBeNull();
  expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
}

/** Delete in `name`'s menu, then SPEC §8's confirmation (its sentence checked) confirmed. */
export async function deleteFromMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `More options for ${name}` }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog');
  expect(dialog).toHaveAccessibleDescription(`Are you sure? Deleting "${name}" cannot be reversed.`);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}
