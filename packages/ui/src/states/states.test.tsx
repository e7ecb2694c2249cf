import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState, ErrorState, LoginRequired } from './states';

describe('EmptyState', () => {
  it('says what is missing and what to do next, at the heading level asked for', () => {
    render(<EmptyState title="No playlists yet" text="Create one to start." level={3} actions={<button type="button">Create Playlist</button>} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No playlists yet' })).toBeInTheDocument();
    expect(screen.getByText('Create one to start.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Playlist' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ErrorState', () => {
  it('is announced as an alert', () => {
    render(<ErrorState title="Couldn’t load this album" text="Something went wrong. Please try again." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Couldn’t load this album');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Couldn’t load this album');
  });
});

describe('LoginRequired', () => {
  it('asks a guest to log in or sign up, through the app’s own router link', () => {
    const link = ({ to, className, children }: { to: string; className?: string; children?: React.ReactNode }) => (
      <a href={`#router${to}`} className={className}>
        {children}
      </a>
    );
    render(<LoginRequired what="your connected apps" link={link} />);
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByText('Log in or sign up for free to see your connected apps.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '#router/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '#router/signup');
  });
});
