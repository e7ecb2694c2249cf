import { act, render, screen, type RenderResult } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { PREFETCH_TTL_MS, prefetch, useApi } from './use-api';

let api: FakeApi;

beforeEach(() => {
  api = stubApiClient();
  serveGets(api, { '/api/things': { name: 'fresh' } });
});

afterEach(() => vi.useRealTimers());

function Things() {
  const { data, error } = useApi<{ name: string }>('/api/things');
  return <p>{error ? `error ${error.status}` : (data?.name ?? 'loading')}</p>;
}

/** The prefetched answer is taken once: after the page that took it, the next one asks the API. */
async function expectTheNextPageToFetchAfresh(first: RenderResult): Promise<void> {
  first.unmount();
  render(<Things />);
  expect(await screen.findByText('fresh')).toBeInTheDocument();
  expect(api.get).toHaveBeenCalledTimes(2);
}

describe('prefetch', () => {
  it('hands its answer to the first page that asks, once', async () => {
    serveGets(api, { '/api/things': { name: 'prefetched' } });
    prefetch('/api/things');
    serveGets(api, { '/api/things': { name: 'fresh' } });
    expect(api.get).toHaveBeenCalledTimes(1);

    const first = render(<Things />);
    expect(await screen.findByText('prefetched')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledTimes(1);
    await expectTheNextPageToFetchAfresh(first);
  });

  it('is shown by the first render when it is already in, and not asked for again', async () => {
    serveGets(api, { '/api/things': { name: 'prefetched' } });
    prefetch('/api/things');
    await act(async () => undefined);
    serveGets(api, { '/api/things': { name: 'fresh' } });
    const first = render(<Things />);
    // No await: the answer is on screen from the first render, before any effect ran a fetch.
    expect(screen.getByText('prefetched')).toBeInTheDocument();
    await act(async () => undefined);
    expect(screen.getByText('prefetched')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledTimes(1);
    await expectTheNextPageToFetchAfresh(first);
  });

  it('returns a promise that settles with the answer once it is in, and never rejects (a screen module exports it as firstData)', async () => {
    serveGets(api, { '/api/things': { name: 'prefetched' } });
    await expect(prefetch('/api/things')).resolves.toEqual({ name: 'prefetched' });
    render(<Things />);
    expect(screen.getByText('prefetched')).toBeInTheDocument();
    serveGets(api, { '/api/other': {} });
    await expect(prefetch('/api/things')).resolves.toBeUndefined();
  });

  it('is ignored once it is older than the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    serveGets(api, { '/api/things': { name: 'prefetched' } });
    prefetch('/api/things');
    serveGets(api, { '/api/things': { name: 'fresh' } });
    vi.setSystemTime(Date.now() + PREFETCH_TTL_MS + 1);
    render(<Things />);
    expect(await screen.findByText('fresh')).toBeInTheDocument();
  });

  it('reports a failed prefetch to the page that takes it, and never as an unhandled rejection', async () => {
    serveGets(api, { '/api/other': {} });
    prefetch('/api/things');
    await act(async () => undefined);
    render(<Things />);
    expect(await screen.findByText('error 404')).toBeInTheDocument();
  });
});
