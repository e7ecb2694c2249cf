import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IncompatibleRemoteError } from './errors';
import { loadRemoteModule } from './load-remote';

const modules = new Map<string, unknown>();
vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: async (id: string, options?: { loadFactory?: boolean }) => {
    if (!modules.has(id)) throw new Error(`no ${id}`);
    return options?.loadFactory === false ? () => modules.get(id) : modules.get(id);
  },
  registerRemotes: vi.fn(),
}));

describe('loadRemoteModule', () => {
  beforeEach(() => modules.clear());

  it('returns the module once the remote speaks our event contract', async () => {
    modules.set('mf_ok/meta', { contractVersion: '1.5.0' });
    modules.set('mf_ok/Page', { default: 'page' });
    await expect(loadRemoteModule('mf_ok/Page')).resolves.toEqual({ default: 'page' });
  });

  it('refuses a remote built for another major contract version, without running its module', async () => {
    const factoryRan = vi.fn();
    modules.set('mf_old/meta', { contractVersion: '2.0.0' });
    modules.set('mf_old/Page', new Proxy({}, { get: factoryRan }));
    await expect(loadRemoteModule('mf_old/Page')).rejects.toBeInstanceOf(IncompatibleRemoteError);
    expect(factoryRan).not.toHaveBeenCalled();
  });

  it('refuses a remote that does not declare its contract', async () => {
    modules.set('mf_bare/meta', {});
    modules.set('mf_bare/Page', { default: 'page' });
    await expect(loadRemoteModule('mf_bare/Page')).rejects.toThrow('does not declare its event contract version');
  });
});
