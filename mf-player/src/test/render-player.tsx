import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { publishSession } from '@tunafy/app-kit';
import Player from '../app/player';
import { ANN } from './fake-api';
import { idleCallbacks } from './idle';

/** The whole Player for a logged-in user, in a router, once the page was idle (it has started); answers a user-event user. */
export async function renderPlayer() {
  publishSession(ANN);
  render(
    <MemoryRouter>
      <Player />
    </MemoryRouter>,
  );
  act(() => idleCallbacks.runAll());
  await act(async () => undefined);
  return userEvent.setup();
}
