import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from './next-task';

const after = <T>(args: T): Promise<T> => nextTask().then(() => args);

/**
 * Gives the browser its main thread back between the federation runtime's steps (decision 0027). Each step is short,
 * but the runtime chains them in promises, so a shared module's load, a remote's request, its preload of the screen's
 * chunks, its container's init and its module's get all ran in the task that started them: 25–50 ms tasks on this
 * machine, four times that on Lighthouse's phone, all of it blocking time.
 */
export default function yieldBetweenSteps(): ModuleFederationRuntimePlugin {
  return {
    name: 'tunafy-yield-between-steps',
    // Each shared module the bootstrap chunk consumes: its version check and its chunks' script tags.
    beforeLoadShare: after,
    // A remote module's request, apart from whatever asked for it (the bootstrap's evaluation, a React effect).
    beforeRequest: after,
    // The manifest's answer is turned into a snapshot, then the screen's chunks are asked for: two tasks.
    beforePreloadRemote: () => nextTask(),
    // A remote's entry script ran in its load event; its container's init (the remote's runtime and shares) apart.
    beforeInitContainer: after,
    // The container's `get` (the exposed module's chunks and shared modules) apart from its init.
    beforeGetExpose: () => nextTask(),
  };
}
