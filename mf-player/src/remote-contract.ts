/**
 * mf_player's side of its contract with the shell (@tunafy/remote-contracts; docs/remote-contracts.md).
 * One line per `exposes` entry of rspack.config.ts, naming the same file: `npm run typecheck` fails when a
 * module goes missing or its default export or props stop matching what the shell was built against.
 * (rspack.config.ts's `exposes` keys are checked against the same contract.)
 */
import type { SatisfiesRemoteContract } from '@tunafy/remote-contracts';

export type Exposed = SatisfiesRemoteContract<
  'mf_player',
  {
    Player: typeof import('./app/player');
    RecentlyPlayed: typeof import('./app/recently-played');
    meta: typeof import('./app/meta');
  }
>;
