import { StrictMode, useEffect, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { getApiClient } from '@tunafy/api-client';
import type { SessionUser } from '@tunafy/contracts';
import { publishSession } from '../session';

/**
 * Boots a remote's standalone dev page (tools/federation/dev-page.html has the #root). Only that page
 * runs a remote's bootstrap: the shell loads the exposed modules directly, and a production build has
 * no page entry, so the playground is loaded lazily and never reaches a shipped chunk.
 */
export function mountPlayground(load: () => Promise<{ Playground: ComponentType }>): void {
  const root = document.getElementById('root');
  if (!root) return;
  void load().then(({ Playground }) =>
    createRoot(root).render(
      <StrictMode>
        <Playground />
      </StrictMode>,
    ),
  );
}

/** What the shell does at start: asks the API for the session and publishes it (null when there is none). */
export function useSessionFromApi(): void {
  useEffect(() => {
    getApiClient()
      .session()
      .then(publishSession, () => publishSession(null));
  }, []);
}

/** The dev bars' session text. */
export function sessionLabel(user: SessionUser | null | undefined, guest = 'guest'): string {
  if (user === undefined) return 'checking session…';
  return user ? `${user.username} <${user.email}>` : guest;
}
