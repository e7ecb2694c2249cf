import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { getEventBus, type ModalName } from '@tunafy/event-bus';
import { afterFirstScreen } from '../federation/first-screen';
import { RemoteRegion, type FallbackProps } from '../federation/remote-region';
import { REMOTE_MODULES } from '../federation/remote-modules';
import { useSessionUser } from '../session/session';

/**
 * Mounts the auth remote's modals once. They subscribe to `ui:open-modal` themselves; the shell only
 * provides the place. `ui:open-modal` does not replay, so a request made while the remote is still
 * loading is kept here and re-published once its modals are listening (or answered with a message if
 * the remote fails).
 */
export function ModalHost() {
  const ready = useRef(false);
  const pending = useRef<ModalName | null>(null);
  // The modals' code stays off the first screen's critical path: a guest needs them only after acting,
  // so they load on a guest's first sign of a person (pointer, key, touch, focus), or a few idle seconds after
  // the first screen's remote arrived, or at once when a modal is asked for earlier than that.
  const [armed, setArmed] = useState(false);

  useEffect(() => {
    const subscription = getEventBus()
      .on('ui:open-modal')
      .subscribe(({ modal }) => {
        if (ready.current) return;
        pending.current = modal;
        setArmed(true);
      });
    return () => subscription.unsubscribe();
  }, []);

  // Every modal is a guest's (log in, sign up, please log in): for a user, loading mf-auth ahead was ~0.3–0.7 s of
  // script at a phone's 4× CPU inside Lighthouse's blocking-time window (issue 31). A user who logs out becomes a
  // guest, and the modals load ahead from then on; a modal asked for earlier still loads at once (above).
  const guest = useSessionUser() === null;
  useEffect(() => {
    if (!guest) return;
    const arm = () => setArmed(true);
    const stopIntents = onFirstIntent(arm);
    let cancelIdle = () => {};
    let unmounted = false;
    void afterFirstScreen().then(() => {
      if (unmounted) return;
      const timer = setTimeout(() => (cancelIdle = whenIdle(arm)), PREFETCH_DELAY_MS);
      cancelIdle = () => clearTimeout(timer);
    });
    return () => {
      unmounted = true;
      stopIntents();
      cancelIdle();
    };
  }, [guest]);

  const onLoaded = useCallback(() => {
    ready.current = true;
    const modal = pending.current;
    pending.current = null;
    if (modal) getEventBus().publish('ui:open-modal', { modal });
  }, []);

  return (
    <div data-modal-host="">
      {armed && (
        <RemoteRegion
          request={REMOTE_MODULES.mf_auth.AuthModals}
          label="Log-in"
          variant="hidden"
          onLoaded={onLoaded}
          renderFallback={(props) => <ModalsUnavailable {...props} ready={ready} pending={pending} />}
        />
      )}
    </div>
  );
}

/** How long after the first screen the modals load anyway, for a guest who has not touched anything yet. */
const PREFETCH_DELAY_MS = 3000;

const INTENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin'] as const;

/** Calls `task` once, on the first pointer, key, touch or focus event anywhere; returns a cancel function. */
function onFirstIntent(task: () => void): () => void {
  const listener = () => {
    stop();
    task();
  };
  const stop = () => INTENT_EVENTS.forEach((type) => window.removeEventListener(type, listener, true));
  INTENT_EVENTS.forEach((type) => window.addEventListener(type, listener, { capture: true, passive: true }));
  return stop;
}

/** Runs `task` when the main thread is idle (at most 2 s from now); returns a cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

const UNAVAILABLE = 'Log-in is unavailable right now. Please try again in a moment.';

/**
 * When the auth remote is down, a modal request triggers a fresh load attempt: if it works, the pending
 * request opens its modal; if it fails again, the user gets a message instead of silence.
 */
function ModalsUnavailable({ retry, ready, pending }: FallbackProps & { ready: MutableRefObject<boolean>; pending: MutableRefObject<ModalName | null> }) {
  useEffect(() => {
    const bus = getEventBus();
    ready.current = false;
    if (pending.current) {
      pending.current = null;
      bus.publish('ui:notify', { kind: 'error', message: UNAVAILABLE });
    }
    const subscription = bus.on('ui:open-modal').subscribe(() => retry());
    return () => subscription.unsubscribe();
  }, [retry, ready, pending]);
  return null;
}
