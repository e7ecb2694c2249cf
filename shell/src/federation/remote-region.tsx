import { Suspense, useEffect, useState, type ReactNode } from 'react';
import type { PropsOf, RemoteRequest } from '@tunafy/remote-contracts';
import { ErrorBoundary } from '../app/error-boundary';
import { IncompatibleRemoteError, RemoteUnavailableError } from './errors';
import { prepareRetry } from './load-remote';
import { forgetRemoteComponent, remoteComponent } from './remote-components';
import styles from './remote-region.module.css';

type AnyProps = Record<string, unknown>;

/** A contract request's props (@tunafy/remote-contracts); a request the contract does not know (tests) takes any. */
type PropsFor<Q extends string> = Q extends RemoteRequest ? PropsOf<Q> : AnyProps;

export type RegionVariant = 'page' | 'bar' | 'hidden';

export interface FallbackProps {
  label: string;
  error: unknown;
  retry: () => void;
}

interface RemoteRegionProps<Q extends string> {
  /** `remote/Expose`, e.g. `mf_auth/LoginPage`. */
  request: Q;
  /** What the user calls this part of the page, for the loading and error texts. */
  label: string;
  variant?: RegionVariant;
  /** Renders instead of the default fallback (e.g. the invisible modal host). */
  renderFallback?: (props: FallbackProps) => ReactNode;
  /** A change clears a shown error (pass the pathname for pages). */
  resetKey?: string;
  /** Called once the remote's component has mounted and run its effects (its subscriptions exist). */
  onLoaded?: () => void;
  componentProps?: PropsFor<Q>;
}

/**
 * A remote's slot in the page: its own Suspense (loading state) and error boundary (fallback + Retry),
 * so a slow or broken remote never takes the rest of the page with it.
 */
export function RemoteRegion<Q extends string>({
  request,
  label,
  variant = 'page',
  renderFallback,
  resetKey,
  onLoaded,
  componentProps,
}: RemoteRegionProps<Q>) {
  // Chosen once per attempt: switching from the lazy wrapper to the loaded component on a later render
  // would remount the remote's whole tree and lose its state.
  const [view, setView] = useState(() => ({ request, attempt: 0, Remote: remoteComponent(request).current() }));
  if (view.request !== request) setView({ request, attempt: view.attempt + 1, Remote: remoteComponent(request).current() });
  const { attempt, Remote } = view;
  const retry = () => {
    forgetRemoteComponent(request);
    prepareRetry(request);
    setView({ request, attempt: attempt + 1, Remote: remoteComponent(request).current() });
  };
  const fallback = renderFallback ?? ((props: FallbackProps) => <RegionFallback {...props} variant={variant} />);
  return (
    <ErrorBoundary key={`${attempt}`} resetKey={resetKey} fallback={(error) => fallback({ label, error, retry })}>
      <Suspense fallback={variant === 'hidden' ? null : <RegionLoading label={label} variant={variant} />}>
        <AfterMount onMount={onLoaded}>
          <Remote {...componentProps} />
        </AfterMount>
      </Suspense>
    </ErrorBoundary>
  );
}

/** React runs a parent's effects after its children's, so this fires once the remote has subscribed. */
function AfterMount({ onMount, children }: { onMount?: () => void; children: ReactNode }) {
  useEffect(() => onMount?.(), [onMount]);
  return children;
}

export function describeFailure(label: string, error: unknown): { title: string; detail: string } {
  if (error instanceof IncompatibleRemoteError) {
    return { title: `${label} needs an update.`, detail: `${error.message} It cannot run on this page until it is rebuilt.` };
  }
  if (error instanceof RemoteUnavailableError && error.reason === 'not-deployed') {
    return { title: `${label} is not available on this server yet.`, detail: 'It has not been deployed here. Try again later.' };
  }
  if (error instanceof RemoteUnavailableError) {
    return { title: `${label} is unavailable right now.`, detail: 'Check your connection, then try again.' };
  }
  return { title: `${label} ran into a problem.`, detail: 'Try again; if it keeps happening, reload the page.' };
}

function RegionFallback({ label, error, retry, variant }: FallbackProps & { variant: RegionVariant }) {
  if (variant === 'hidden') return null;
  const { title, detail } = describeFailure(label, error);
  return (
    <section className={variant === 'bar' ? styles.fallbackBar : styles.fallback} role="alert" aria-label={`${label} unavailable`} data-remote-fallback="">
      <div>
        <p className={styles.title}>{title}</p>
        <p className={styles.detail}>{detail}</p>
      </div>
      <button type="button" className={styles.retry} onClick={retry}>
        Retry
      </button>
    </section>
  );
}

function RegionLoading({ label, variant }: { label: string; variant: RegionVariant }) {
  return (
    <div className={variant === 'bar' ? styles.loadingBar : styles.loading} role="status" aria-label={`Loading ${label}`}>
      <span className={styles.spinner} aria-hidden="true" />
    </div>
  );
}
