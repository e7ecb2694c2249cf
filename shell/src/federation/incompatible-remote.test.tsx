import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_CONTRACT_VERSION } from '@tunafy/event-bus';
import { RemoteRegion } from './remote-region';

// Only the federation runtime is faked: the real loader (load-remote.ts) and region run, as in the page.
const pageRan = vi.fn();
vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: async (id: string, options?: { loadFactory?: boolean }) => {
    const module = id.endsWith('/meta') ? { contractVersion: '2.0.0' } : { default: () => (pageRan(), <p>new page</p>) };
    return options?.loadFactory === false ? () => module : module;
  },
  registerRemotes: vi.fn(),
}));

describe('a remote built against another major event contract', () => {
  it('is refused with a clear message in its region, and its module never renders', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RemoteRegion request="mf_next/HomePage" label="Home" />);
    const alert = await screen.findByRole('alert', { name: 'Home unavailable' });
    expect(alert).toHaveTextContent('Home needs an update.');
    expect(alert).toHaveTextContent(`The remote "mf_next" was built for event contract 2.0.0; this page speaks ${EVENT_CONTRACT_VERSION}.`);
    expect(screen.queryByText('new page')).not.toBeInTheDocument();
    expect(pageRan).not.toHaveBeenCalled();
  });
});
