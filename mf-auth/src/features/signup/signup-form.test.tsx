import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { ANN, apiError, stubApiClient } from '../../test/fake-api';
import { alertText, errorUnder } from '../../test/queries';
import { SignupForm } from './signup-form';

let api: ReturnType<typeof stubApiClient>;
beforeEach(() => {
  api = stubApiClient();
});

interface Fields {
  email?: string;
  username?: string;
  password?: string;
  confirm?: string;
}

function renderForm(variant: 'page' | 'modal', onSuccess = vi.fn()) {
  render(<SignupForm variant={variant} onSuccess={onSuccess} switchLink={<a href="/login">Log in</a>} />);
  const user = userEvent.setup();
  const submit = async ({ email, username, password, confirm }: Fields) => {
    if (email) await user.type(screen.getByLabelText('Email address'), email);
    if (username) await user.type(screen.getByLabelText('Username'), username);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
  };
  return { onSuccess, user, submit };
}

const VALID = { email: 'ann@example.com', username: 'ann', password: 'secret1', confirm: 'secret1' };

describe.each(['page', 'modal'] as const)('SignupForm (%s)', (variant) => {
  it('requires email, username and password', async () => {
    const { submit } = renderForm(variant);
    await submit({});
    expect(errorUnder('Email address')).toBe('Email is required.');
    expect(errorUnder('Username')).toBe('Username is required.');
    expect(errorUnder('Password')).toBe('Password is required.');
    expect(errorUnder('Confirm Password')).toBeNull();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(api.signup).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and username', async () => {
    const { submit } = renderForm(variant);
    await submit({ ...VALID, email: 'nope', username: 'a b' });
    expect(errorUnder('Email address')).toBe('Email is invalid.');
    expect(errorUnder('Username')).toBe('Username must be 2-40 letters, numbers, dots, dashes or underscores.');
  });

  it('wants at least 6 characters of password, in the spec wording with its trailing space', async () => {
    const { submit } = renderForm(variant);
    await submit({ ...VALID, password: '12345', confirm: '12345' });
    expect(errorUnder('Password')).toBe('Password must be at least 6 characters. ');
    expect(api.signup).not.toHaveBeenCalled();
  });

  it('wants the confirmation to match, in the wording of its variant', async () => {
    const { submit } = renderForm(variant);
    await submit({ ...VALID, confirm: 'secret2' });
    expect(errorUnder('Confirm Password')).toBe(
      variant === 'page' ? 'Confirm Password field must be the same as the Password field. ' : 'Confirm Password field must be the same as the Password field.',
    );
    expect(api.signup).not.toHaveBeenCalled();
  });

  it.each([
    ['email', 'Email address', 'Email address is already in use.'],
    ['username', 'Username', 'Username is already in use.'],
    ['password', 'Password', 'Password must be at most 128 characters.'],
  ])('puts a server %s error under its input', async (field, label, message) => {
    api.signup.mockRejectedValue(apiError(409, { [field]: message }, 'That account already exists.'));
    const { submit } = renderForm(variant);
    await submit(VALID);
    await waitFor(() => expect(errorUnder(label)).toBe(message));
    for (const other of ['Email address', 'Username', 'Password', 'Confirm Password'].filter((name) => name !== label)) {
      expect(errorUnder(other)).toBeNull();
    }
    expect(screen.queryByText('That account already exists.')).toBeNull();
  });

  it('shows the generic message on a 5xx', async () => {
    api.signup.mockRejectedValue(apiError(503));
    const { submit } = renderForm(variant);
    await submit(VALID);
    await waitFor(() => expect(alertText()).toBe('Something went wrong. Please try again'));
  });

  it('sends the account without the confirmation, publishes the session, then reports success', async () => {
    api.signup.mockResolvedValue(ANN);
    const { submit, onSuccess } = renderForm(variant);
    await submit(VALID);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(ANN));
    expect(api.signup).toHaveBeenCalledWith({ email: 'ann@example.com', username: 'ann', password: 'secret1' });
    expect(getEventBus().last('auth:session')).toEqual({ user: ANN });
  });
});
