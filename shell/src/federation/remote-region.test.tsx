import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IncompatibleRemoteError, RemoteUnavailableError } from './errors';
import { RemoteRegion } from './remote-region';

const loadRemoteModule = vi.fn();
const prepareRetry = vi.fn();
vi.mock('./load-remote', () => ({
  loadRemoteModule: (request: string) => loadRemoteModule(request),
  prepareRetry: (request: string) => prepareRetry(request),
}));

let next = 0;
/** Each test its own request, so the module-level component cache never leaks between tests. */
const freshRequest = () => `mf_test/Screen${++next}`;

describe('RemoteRegion', () => {
  beforeEach(() => {
    loadRemoteModule.mockReset();
    prepareRetry.mockReset();
    // React reports every error a boundary catches; here they are the point of the test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows a loading state, then the remote component with its props', async () => {
    let finish!: (module: unknown) => void;
    loadRemoteModule.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    render(<RemoteRegion request={freshRequest()} label="Songs" componentProps={{ who: 'ann' }} />);
    expect(screen.getByRole('status', { name: 'Loading Songs' })).toBeInTheDocument();
    finish({ default: ({ who }: { who: string }) => <p>hello {who}</p> });
    expect(await screen.findByText('hello ann')).toBeInTheDocument();
  });

  it('shows a fallback with Retry when the remote is down, and Retry loads it again', async () => {
    const request = freshRequest();
    loadRemoteModule.mockRejectedValueOnce(new RemoteUnavailableError('mf_test', request));
    loadRemoteModule.mockResolvedValueOnce({ default: () => <p>back again</p> });
    render(<RemoteRegion request={request} label="Songs" />);
    const fallback = await screen.findByRole('alert', { name: 'Songs unavailable' });
    expect(fallback).toHaveTextContent('Songs is unavailable right now.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(prepareRetry).toHaveBeenCalledWith(request);
    expect(await screen.findByText('back again')).toBeInTheDocument();
  });

  it('says why a remote built for another event contract is refused', async () => {
    loadRemoteModule.mockRejectedValue(new IncompatibleRemoteError('mf_test', '2.0.0', '1.0.0'));
    render(<RemoteRegion request={freshRequest()} label="Player" variant="bar" />);
    expect(await screen.findByRole('alert', { name: 'Player unavailable' })).toHaveTextContent('Player needs an update.');
    expect(screen.getByRole('alert')).toHaveTextContent('event contract 2.0.0; this page speaks 1.0.0');
  });

  it('keeps a render error inside its region', async () => {
    loadRemoteModule.mockResolvedValue({
      default: () => {
        throw new Error('boom');
      },
    });
    render(
      <>
        <p>the rest of the page</p>
        <RemoteRegion request={freshRequest()} label="Albums" />
      </>,
    );
    expect(await screen.findByRole('alert', { name: 'Albums unavailable' })).toHaveTextContent('Albums ran into a problem.');
    expect(screen.getByText('the rest of the page')).toBeInTheDocument();
  });
});
