import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { ANN, stubApiClient } from '../test/fake-api';
import { errorUnder, fillIn } from '../test/queries';
import { currentPath, renderAt } from '@tunafy/app-kit/test';
import SignupPage from './signup-page';

let api: ReturnType<typeof stubApiClient>;
beforeEach(() => {
  api = stubApiClient();
});

describe('SignupPage', () => {
  it('uses the page wording of the confirmation message', async () => {
    renderAt('/signup', { '/signup': <SignupPage /> });
    const user = userEvent.setup();
    await fillIn(user, { Password: 'secret1', 'Confirm Password': 'secret2' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(errorUnder('Confirm Password')).toBe('Confirm Password field must be the same as the Password field. ');
  });

  it('links to the login page', async () => {
    renderAt('/signup', { '/signup': <SignupPage /> });
    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(currentPath()).toBe('/login');
  });

  it('sends a logged-in user home', () => {
    getEventBus().publish('auth:session', { user: ANN });
    renderAt('/signup', { '/signup': <SignupPage /> });
    expect(currentPath()).toBe('/');
  });

  it('goes home after a successful signup', async () => {
    api.signup.mockResolvedValue(ANN);
    renderAt('/signup', { '/signup': <SignupPage /> });
    const user = userEvent.setup();
    await fillIn(user, { 'Email address': 'ann@example.com', Username: 'ann', Password: 'secret1', 'Confirm Password': 'secret1' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(getEventBus().last('auth:session')).toEqual({ user: ANN });
  });
});
