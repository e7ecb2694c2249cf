import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchInstanceCredits, forgetInstanceCredits, parseContributors, parseInstanceCredits, requestInstanceCredits } from './credits';
import { Sidebar } from './sidebar';

// The library region is another remote's; this file is about the credits under it.
vi.mock('../federation/remote-region', () => ({ RemoteRegion: () => null }));

describe('parseContributors (TUNAFY_CREDITS)', () => {
  it('reads Name=URL entries separated by semicolons, keeping a URL’s own = and trimming spaces', () => {
    expect(parseContributors(' Ada Lovelace=https://github.com/ada ; Grace Hopper = https://gitlab.com/grace?tab=repos ;')).toEqual([
      { name: 'Ada Lovelace', profileUrl: 'https://github.com/ada' },
      { name: 'Grace Hopper', profileUrl: 'https://gitlab.com/grace?tab=repos' },
    ]);
  });

  it('leaves out, with a warning, entries without a name or a web URL', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const contributors = parseContributors('=https://x.example;Eve=javascript:alert(1);Bob;Kim=not a url;Ann=http://ann.example/');

    expect(contributors).toEqual([{ name: 'Ann', profileUrl: 'http://ann.example/' }]);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn.mock.calls[1]?.[0]).toContain('Eve=javascript:alert(1)');
    warn.mockRestore();
  });
});

describe('parseInstanceCredits (/instance.json)', () => {
  it('takes the source URL and the credits the gateway passes on', () => {
    expect(parseInstanceCredits({ sourceUrl: 'https://git.example.org/tunafy', credits: 'Ada=https://github.com/ada' })).toEqual({
      sourceUrl: 'https://git.example.org/tunafy',
      contributors: [{ name: 'Ada', profileUrl: 'https://github.com/ada' }],
    });
  });

  it('shows nothing for unset (empty) settings or an unexpected body', () => {
    const nothing = { sourceUrl: null, contributors: [] };
    expect(parseInstanceCredits({ sourceUrl: '', credits: '' })).toEqual(nothing);
    expect(parseInstanceCredits({ sourceUrl: 42, credits: ['Ada'] })).toEqual(nothing);
    expect(parseInstanceCredits(null)).toEqual(nothing);
  });

  it('refuses a source URL that is not http(s)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseInstanceCredits({ sourceUrl: 'javascript:alert(1)', credits: '' }).sourceUrl).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('fetchInstanceCredits', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads /instance.json without a cached copy', async () => {
    const fetch = vi.fn(async () => Response.json({ sourceUrl: 'https://src.example/', credits: '' }));
    vi.stubGlobal('fetch', fetch);

    await expect(fetchInstanceCredits()).resolves.toEqual({ sourceUrl: 'https://src.example/', contributors: [] });
    expect(fetch).toHaveBeenCalledWith('/instance.json', expect.objectContaining({ cache: 'no-cache' }));
  });

  it('answers no credits when the gateway has no /instance.json or cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Not found', { status: 404 })));
    await expect(fetchInstanceCredits()).resolves.toEqual({ sourceUrl: null, contributors: [] });

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(fetchInstanceCredits()).resolves.toEqual({ sourceUrl: null, contributors: [] });
  });
});

describe('the sidebar’s credits', () => {
  beforeEach(() => forgetInstanceCredits());
  afterEach(() => vi.unstubAllGlobals());

  function renderSidebar(body: unknown) {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json(body)));
    render(
      <MemoryRouter>
        <Sidebar />
      </MemoryRouter>,
    );
    return screen.getByRole('navigation', { name: 'Main' });
  }

  it('lists the configured contributors and links the source code, each in a new tab', async () => {
    const sidebar = renderSidebar({ sourceUrl: 'https://git.example.org/tunafy', credits: 'Ada=https://github.com/ada;Grace=https://gitlab.com/grace' });

    const list = await within(sidebar).findByRole('list', { name: 'Credits' });
    expect(within(list).getByRole('link', { name: 'Ada' })).toHaveAttribute('href', 'https://github.com/ada');
    expect(within(list).getByRole('link', { name: 'Grace' })).toHaveAttribute('href', 'https://gitlab.com/grace');
    const source = within(sidebar).getByRole('link', { name: 'Source code' });
    expect(source).toHaveAttribute('href', 'https://git.example.org/tunafy');
    expect(source).toHaveAttribute('target', '_blank');
    expect(source).toHaveAttribute('rel', 'noreferrer');
  });

  it('shows only the source link when no credits are set', async () => {
    const sidebar = renderSidebar({ sourceUrl: 'https://git.example.org/tunafy', credits: '' });

    await within(sidebar).findByRole('link', { name: 'Source code' });
    expect(within(sidebar).queryByRole('heading', { name: 'Credits' })).not.toBeInTheDocument();
  });

  it('shows neither when the instance sets nothing', async () => {
    const sidebar = renderSidebar({ sourceUrl: '', credits: '' });

    await act(async () => void (await requestInstanceCredits()));
    // The navigation is there, the credits section is not: no link that leads nowhere.
    expect(within(sidebar).getByRole('link', { name: 'All Songs' })).toBeInTheDocument();
    expect(within(sidebar).queryByRole('heading', { name: 'Credits' })).not.toBeInTheDocument();
    expect(within(sidebar).queryByRole('link', { name: 'Source code' })).not.toBeInTheDocument();
  });
});
