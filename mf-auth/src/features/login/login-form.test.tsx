import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { ANN, apiError, deferred, stubApiClient } from '../../test/fake-api';
import { alertText, errorUnder } from '../../test/queries';
import { LoginForm } from './login-form';

let api: ReturnType<typeof stubApiClient>;
beforeEach(() => {
  api = stubApiClient();
});

function renderForm(onSuccess = vi.fn()) {
  render(<LoginForm onSuccess={onSuccess} switchLink={<a href="/signup">Sign up</a>} />);
  return { onSuccess, user: userEvent.setup() };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('LoginForm', () => {
  it('requires the email and the password, under their inputs, without calling the API', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(errorUnder('Email')).toBe('Email is required.');
    expect(errorUnder('Password')).toBe('Password is required.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('shows no message before the first submit, then follows the edits', async () => {
    const { user } = renderForm();
    expect(errorUnder('Email')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(errorUnder('Password')).toBeNull();
    expect(errorUnder('Email')).toBe('Email is required.');
  });

  it('rejects a malformed email', async () => {
    const { user } = renderForm();
    await fillAndSubmit(user, 'not-an-email', 'secret1');
    expect(errorUnder('Email')).toBe('Email is invalid.');
    expect(api.login).not.toHaveBeenCalled();
  });

  it('puts the server wrong-password error under the password input', async () => {
    api.login.mockRejectedValue(apiError(401, { password: 'Email or password is incorrect.' }, 'Email or password is incorrect.'));
    const { user, onSuccess } = renderForm();
    await fillAndSubmit(user, 'ann@example.com', 'wrong-pass');
    await waitFor(() => expect(errorUnder('Password')).toBe('Email or password is incorrect.'));
    expect(errorUnder('Email')).toBeNull();
    expect(alertText()).toBe('');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('puts a server email error under the email input, and drops it once the email is edited', async () => {
    api.login.mockRejectedValue(apiError(400, { email: 'Email is invalid.' }));
    const { user } = renderForm();
    await fillAndSubmit(user, 'ann@example.com', 'secret1');
    await waitFor(() => expect(errorUnder('Email')).toBe('Email is invalid.'));
    await user.type(screen.getByLabelText('Email'), 'm');
    expect(errorUnder('Email')).toBeNull();
  });

  it('shows the generic message on a 5xx', async () => {
    api.login.mockRejectedValue(apiError(500, undefined, 'Internal failure with details'));
    const { user } = renderForm();
    await fillAndSubmit(user, 'ann@example.com', 'secret1');
    await waitFor(() => expect(alertText()).toBe('Something went wrong. Please try again'));
    expect(screen.queryByText(/Internal failure/)).toBeNull();
  });

  it('shows the generic message when the call fails without an API answer', async () => {
    api.login.mockRejectedValue(new TypeError('boom'));
    const { user } = renderForm();
    await fillAndSubmit(user, 'ann@example.com', 'secret1');
    await waitFor(() => expect(alertText()).toBe('Something went wrong. Please try again'));
  });

  it('explains a refusal that names no field (rate limit) with the API sentence', async () => {
    api.login.mockRejectedValue(apiError(429, undefined, 'Too many attempts. Try again in a minute.'));
    const { user } = renderForm();
    await fillAndSubmit(user, 'ann@example.com', 'secret1');
    await waitFor(() => expect(alertText()).toBe('Too many attempts. Try again in a minute.'));
  });

  it('logs in as the demo user with the fixed demo credentials', async () => {
    api.login.mockResolvedValue(ANN);
    const { user, onSuccess } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Demo User' }));
    expect(api.login).toHaveBeenCalledWith({ email: 'demo@tunafy.app', password: 'tunafy-demo' });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(ANN));
  });

  it('publishes the session on the bus, then reports success', async () => {
    api.login.mockResolvedValue(ANN);
    const { user, onSuccess } = renderForm();
    await fillAndSubmit(user, '  Ann@Example.com ', 'secret1');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    // The contracts schema normalises the email before it is sent.
    expect(api.login).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret1' });
    expect(getEventBus().last('auth:session')).toEqual({ user: ANN });
  });

  it('disables both buttons while the call is in flight', async () => {
    const pending = deferred<typeof ANN>();
    api.login.mockReturnValue(pending.promise);
    const { user } = renderForm();
    await fillAndSubmit(user, 'ann@example.com', 'secret1');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Demo User' })).toBeDisabled();
    pending.reject(apiError(401, { password: 'Email or password is incorrect.' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled());
    expect(api.login).toHaveBeenCalledTimes(1);
  });
});
