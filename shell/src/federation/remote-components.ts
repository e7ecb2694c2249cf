import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemoteModule } from './load-remote';

type AnyProps = Record<string, unknown>;
type Outcome = { component: ComponentType<AnyProps> } | { error: unknown };

interface RemoteComponent {
  /** What the region renders: the loaded component directly once settled, so it never suspends again. */
  current(): ComponentType<AnyProps> | LazyExoticComponent<ComponentType<AnyProps>>;
  settled: Promise<void>;
  /** Settled, and the module's `firstData` (if it has one) settled too. */
  ready: Promise<void>;
}

/** One entry per `remote/Expose`: shared by every region and route that shows it, and by preloading. */
const entries = new Map<string, RemoteComponent>();

function create(request: string): RemoteComponent {
  let outcome: Outcome | undefined;
  let firstData: Promise<unknown> | undefined;
  const loading = loadRemoteModule<{ default?: ComponentType<AnyProps>; firstData?: Promise<unknown> }>(request).then((module) => {
    firstData = module?.firstData;
    const component = module?.default;
    if (typeof component !== 'function' && typeof component !== 'object') throw new Error(`"${request}" has no default export`);
    return component as ComponentType<AnyProps>;
  });
  const settled = loading.then(
    (component) => void (outcome = { component }),
    (error: unknown) => void (outcome = { error }),
  );
  const pending = lazy(() => loading.then((component) => ({ default: component })));
  const Failed = () => {
    throw (outcome as { error: unknown }).error;
  };
  const ready = settled.then(() => firstData?.then(
    () => undefined,
    () => undefined,
  ));
  return {
    settled,
    ready,
    current: () => (!outcome ? pending : 'component' in outcome ? outcome.component : Failed),
  };
}

export function remoteComponent(request: string): RemoteComponent {
  let entry = entries.get(request);
  if (!entry) {
    entry = create(request);
    entries.set(request, entry);
  }
  return entry;
}

/**
 * Starts loading a remote screen before React renders it. A screen that is ready by the first render
 * shows at once; otherwise it suspends, and React holds revealed content back for up to 300 ms after a
 * fallback appeared, which is exactly the delay preloading avoids.
 */
export function preloadRemoteComponent(request: string): Promise<void> {
  return remoteComponent(request).settled;
}

/**
 * The first screen of a cold start: its code, then its first data if its module asks for some (`firstData`), so the
 * first render draws that data (/songs: its rows) instead of a skeleton followed by a render that, on a cold start,
 * waits behind every other region's scripts (docs/lists-at-scale.md, "The first rows").
 */
export function preloadFirstScreen(request: string): Promise<void> {
  return remoteComponent(request).ready;
}

export function forgetRemoteComponent(request: string): void {
  entries.delete(request);
}
