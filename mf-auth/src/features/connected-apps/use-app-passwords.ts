import { useCallback, useEffect, useState } from 'react';
import { ApiError, getApiClient } from '@tunafy/api-client';
import type { AppPassword, AppPasswordsResponse, CreatedAppPassword } from '@tunafy/contracts';

export type AppPasswordsState = { status: 'loading' } | { status: 'failed'; error: ApiError } | { status: 'ready'; data: AppPasswordsResponse };

/** The account's app passwords as the screen shows them: loaded once, then kept in step with what it creates and revokes. */
export function useAppPasswords() {
  const [state, setState] = useState<AppPasswordsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getApiClient()
      .appPasswords({ signal: controller.signal })
      .then(
        (data) => setState({ status: 'ready', data }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: 'failed', error: error instanceof ApiError ? error : new ApiError({ statusCode: 500, code: 'INTERNAL', message: String(error) }) });
        },
      );
    return () => controller.abort();
  }, [attempt]);

  const update = (change: (list: AppPassword[]) => AppPassword[]) =>
    setState((current) => (current.status === 'ready' ? { status: 'ready', data: { ...current.data, app_passwords: change(current.data.app_passwords) } } : current));

  /** The list is newest first, so a new one goes on top; its secret stays with the form, never in the list. */
  const added = useCallback((created: CreatedAppPassword) => {
    const { password: _secret, ...listed } = created;
    update((list) => [listed, ...list]);
  }, []);

  /** Resolves once the API has revoked it; a 404 means it is gone already (revoked in another tab), which is what was asked. */
  const revoke = useCallback(async (id: string) => {
    try {
      await getApiClient().revokeAppPassword(id);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    update((list) => list.filter((appPassword) => appPassword.id !== id));
  }, []);

  return { state, retry: () => setAttempt((count) => count + 1), added, revoke };
}
