import { describe, expect, it, vi } from 'vitest';
import { preloadFirstScreen, preloadRemoteComponent } from './remote-components';

const modules = new Map<string, Promise<unknown>>();
vi.mock('./load-remote', () => ({ loadRemoteModule: (request: string) => modules.get(request) ?? Promise.reject(new Error(`no ${request}`)) }));

function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
};

describe('preloadFirstScreen', () => {
  it("waits for the screen's code and then for its first data", async () => {
    const data = later<void>();
    modules.set('mf_test/WithData', Promise.resolve({ default: () => null, firstData: data.promise }));
    const ready = preloadFirstScreen('mf_test/WithData');
    expect(await settledYet(preloadRemoteComponent('mf_test/WithData'))).toBe(true);
    expect(await settledYet(ready)).toBe(false);
    data.resolve();
    expect(await settledYet(ready)).toBe(true);
  });

  it('is the code alone for a screen without first data, and settles when the data fails', async () => {
    modules.set('mf_test/Plain', Promise.resolve({ default: () => null }));
    expect(await settledYet(preloadFirstScreen('mf_test/Plain'))).toBe(true);
    modules.set('mf_test/Failing', Promise.resolve({ default: () => null, firstData: Promise.reject(new Error('offline')) }));
    expect(await settledYet(preloadFirstScreen('mf_test/Failing'))).toBe(true);
  });

  it('settles when the code cannot load (the region shows its fallback)', async () => {
    expect(await settledYet(preloadFirstScreen('mf_test/Missing'))).toBe(true);
  });
});
