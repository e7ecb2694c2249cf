import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState, ErrorState } from './states';

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
