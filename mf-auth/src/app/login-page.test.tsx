import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { ANN, stubApiClient } from '../test/fake-api';
import { currentPath, renderAt } from '@tunafy/app-kit/test';
import LoginPage from './login-page';

let api: ReturnType<typeof stubApiClient>;
beforeEach(() => {
  api = stubApiClient();
});

describe('LoginPage', () => {
  it('shows the form to a guest, with a way to sign up', async () => {
    getEventBus().publish('auth:session', { user: null });
    renderAt('/login', { '/login': <LoginPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'Log in to Tunafy' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(currentPath()).toBe('/signup');
  });

  it('renders the form while the session check is still pending', () => {
    renderAt('/login', { '/login': <LoginPage /> });
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('sends a logged-in user home', () => {
    getEventBus().publish('auth:session', { user: ANN });
    renderAt('/login', { '/login': <LoginPage /> });
    expect(currentPath()).toBe('/');
  });

  it('leaves when a login elsewhere (the shell, another tab) publishes a session', () => {
    renderAt('/login', { '/login': <LoginPage /> });
    act(() => getEventBus().publish('auth:session', { user: ANN }));
    expect(currentPath()).toBe('/');
  });

  it('goes home after a successful login', async () => {
    api.login.mockResolvedValue(ANN);
    renderAt('/login', { '/login': <LoginPage /> });
    await userEvent.click(screen.getByRole('button', { name: 'Demo User' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(getEventBus().last('auth:session')).toEqual({ user: ANN });
  });
});
