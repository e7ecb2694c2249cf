import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ArtistLinks, creditNames, creditsOf, type CreditLinkProps, type Credited } from './artist-links';

/** A plain anchor, as a remote without a router would render it. */
function PlainLink({ to, className, onClick, children }: CreditLinkProps) {
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

const OWNER = { artist_id: 'u1', artist_username: 'ann' };
const BJORK = { id: 'ar1', name: 'Björk' };
const THOM = { id: 'ar/2', name: 'Thom Yorke' };

describe('creditsOf', () => {
  it('credits the tags’ artists in tag order, each to its artist page', () => {
    expect(creditsOf({ ...OWNER, artists: [BJORK, THOM] })).toEqual([
      { key: 'artist:ar1', name: 'Björk', to: '/artists/ar1' },
      { key: 'artist:ar/2', name: 'Thom Yorke', to: '/artists/ar%2F2' },
    ]);
  });

  it('credits an album to its album artist', () => {
    expect(creditsOf({ ...OWNER, album_artist: { id: 'va', name: 'Various Artists' } })).toEqual([{ key: 'artist:va', name: 'Various Artists', to: '/artists/va' }]);
  });

  it('credits an item made with the forms (no credited artist, or an API before credits) to its owner’s user page', () => {
    const owner = [{ key: 'user:u1', name: 'ann', to: '/users/u1' }];
    expect(creditsOf({ ...OWNER, artists: [] })).toEqual(owner);
    expect(creditsOf({ ...OWNER, album_artist: null })).toEqual(owner);
    expect(creditsOf(OWNER)).toEqual(owner);
  });

  it('names them in one line', () => {
    expect(creditNames({ ...OWNER, artists: [BJORK, THOM] })).toBe('Björk, Thom Yorke');
    expect(creditNames(OWNER)).toBe('ann');
  });
});

describe('ArtistLinks', () => {
  function renderLinks(item: Credited, onClick?: (event: { preventDefault: () => void }) => void) {
    render(
      <p data-testid="by">
        <ArtistLinks item={item} link={PlainLink} linkClassName="name" onClick={onClick} />
      </p>,
    );
  }

  it('links each credited artist, separated by commas', () => {
    renderLinks({ ...OWNER, artists: [BJORK, THOM] });
    expect(screen.getByTestId('by')).toHaveTextContent('Björk, Thom Yorke');
    expect(screen.getByRole('link', { name: 'Björk' })).toHaveAttribute('href', '/artists/ar1');
    expect(screen.getByRole('link', { name: 'Thom Yorke' })).toHaveAttribute('href', '/artists/ar%2F2');
    expect(screen.getByRole('link', { name: 'Björk' })).toHaveClass('name');
  });

  it('links the owner when no artist is credited', () => {
    renderLinks({ ...OWNER, artists: [] });
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'ann' })).toHaveAttribute('href', '/users/u1');
  });

  it('hands every link the click handler', () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderLinks({ ...OWNER, artists: [BJORK, THOM] }, onClick);
    screen.getByRole('link', { name: 'Thom Yorke' }).click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
