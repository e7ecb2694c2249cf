import { describe, expect, it } from 'vitest';
import yieldBetweenSteps from './yield-plugin';

type Hook = (args: unknown) => Promise<unknown>;

describe('yieldBetweenSteps', () => {
  const plugin = yieldBetweenSteps() as unknown as Record<string, Hook>;
  const hooks = ['beforeLoadShare', 'beforeRequest', 'beforePreloadRemote', 'beforeInitContainer', 'beforeGetExpose'];

  it.each(hooks)('%s continues in a later task', async (name) => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    const done = plugin[name]!({ id: 'mf_x/Page' }).then(() => order.push('hook'));
    order.push('same task');
    await done;
    expect(order).toEqual(['same task', 'queued task', 'hook']);
  });

  it('hands the waterfall hooks their arguments back unchanged', async () => {
    const args = { id: 'mf_x/Page', options: {} };
    for (const name of ['beforeLoadShare', 'beforeRequest', 'beforeInitContainer']) await expect(plugin[name]!(args)).resolves.toBe(args);
  });
});
