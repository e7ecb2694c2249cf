import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardsSkeleton, HeroSkeleton, RowsSkeleton } from './skeleton';

describe('skeletons', () => {
  it('is one named status for screen readers, its shapes hidden from them', () => {
    const { container } = render(<RowsSkeleton rows={3} />);
    const status = screen.getByRole('status', { name: 'Loading songs' });
    expect(status).toHaveTextContent('Loading songs');
    expect(container.querySelector('[aria-hidden="true"]')?.children[0]?.children).toHaveLength(3);
  });

  it('labels each shape with what is loading', () => {
    render(
      <>
        <HeroSkeleton label="Loading album" />
        <CardsSkeleton label="Loading playlists" count={2} />
      </>,
    );
    expect(screen.getAllByRole('status').map((status) => status.getAttribute('aria-label'))).toEqual(['Loading album', 'Loading playlists']);
  });
});
