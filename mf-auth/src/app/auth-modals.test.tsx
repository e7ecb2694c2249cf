import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getEventBus, type ModalName } from '@tunafy/event-bus';
import { ANN, stubApiClient } from '../test/fake-api';
import { errorUnder, fillIn } from '../test/queries';
import { currentPath, expectFocusCycle, renderAt } from '@tunafy/app-kit/test';
import AuthModals from './auth-modals';

let api: ReturnType<typeof stubApiClient>;
let closes: number;
beforeEach(() => {
  api = stubApiClient();
  closes = 0;
  getEventBus().on('ui:close-modal').subscribe(() => closes++);
});

/** A page with an opener button that asks the shell's way (over the bus) for a modal. */
function renderWithOpener(modal: ModalName) {
  const opener = <button onClick={() => getEventBus().publish('ui:open-modal', { modal })}>Open</button>;
  renderAt('/albums', { '/albums': opener }, <AuthModals />);
  return userEvent.setup();
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return screen.getByRole('dialog');
}

describe('AuthModals', () => {
  it('renders nothing until asked', () => {
    renderWithOpener('login');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['login', 'Log in to Tunafy'],
    ['signup', 'Sign up for Tunafy'],
    ['please-log-in', 'Please log in'],
  ] as const)('opens the %s modal as a labelled modal dialog', async (modal, title) => {
    const user = renderWithOpener(modal);
    const dialog = await open(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName(title);
  });

  it('moves focus into the dialog and returns it to the opener on Escape', async () => {
    const user = renderWithOpener('login');
    await open(user);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(closes).toBe(1);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = renderWithOpener('please-log-in');
    const dialog = await open(user);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const logIn = within(dialog).getByRole('button', { name: 'Log In' });
    const signUp = within(dialog).getByRole('link', { name: 'Sign up' });
    await expectFocusCycle(user, [logIn, signUp, close]);
  });

  it('pulls focus back when it lands outside the dialog', async () => {
    const user = renderWithOpener('login');
    const dialog = await open(user);
    // The page behind a modal is hidden from assistive technology, so the opener is found among hidden elements.
    act(() => screen.getByRole('button', { name: 'Open', hidden: true }).focus());
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const user = renderWithOpener('login');
    const dialog = await open(user);
    await user.click(screen.getByRole('heading', { name: 'Log in to Tunafy' }));
    expect(screen.getByRole('dialog')).toBe(dialog);
    // A press that starts in the dialog and ends on the backdrop (a text selection drag) is not a backdrop click.
    fireEvent.mouseDown(screen.getByLabelText('Email'));
    fireEvent.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with its close button and when the shell publishes ui:close-modal', async () => {
    const user = renderWithOpener('login');
    await open(user);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await open(user);
    act(() => getEventBus().publish('ui:close-modal', {}));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('logs in, publishes the session, closes and stays on the page', async () => {
    api.login.mockResolvedValue(ANN);
    const user = renderWithOpener('login');
    await open(user);
    await fillIn(user, { Email: 'ann@example.com', Password: 'secret1' });
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getEventBus().last('auth:session')).toEqual({ user: ANN });
    expect(closes).toBe(1);
    expect(currentPath()).toBe('/albums');
  });

  it('switches between log-in and sign-up in place, focus following', async () => {
    const user = renderWithOpener('login');
    await open(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Sign up for Tunafy');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Log in to Tunafy');
  });

  it('uses the modal wording of the confirmation message in the sign-up modal', async () => {
    const user = renderWithOpener('signup');
    await open(user);
    await fillIn(user, { Password: 'secret1', 'Confirm Password': 'secret2' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(errorUnder('Confirm Password')).toBe('Confirm Password field must be the same as the Password field.');
    expect(errorUnder('Password')).toBeNull();
  });

  it('signs up, publishes the session, closes and stays on the page', async () => {
    api.signup.mockResolvedValue(ANN);
    const user = renderWithOpener('signup');
    await open(user);
    await fillIn(user, { 'Email address': 'ann@example.com', Username: 'ann', Password: 'secret1', 'Confirm Password': 'secret1' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getEventBus().last('auth:session')).toEqual({ user: ANN });
    expect(currentPath()).toBe('/albums');
  });

  it.each([
    { role: 'button', name: 'Log In', path: '/login' },
    { role: 'link', name: 'Sign up', path: '/signup' },
  ] as const)('sends the please-log-in $role "$name" to $path and closes', async ({ role, name, path }) => {
    const user = renderWithOpener('please-log-in');
    await open(user);
    await user.click(screen.getByRole(role, { name }));
    expect(currentPath()).toBe(path);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
