import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteExposes } from '@tunafy/remote-contracts';
import { defineRemoteConfig } from '../tools/federation/remote-config.ts';

export default defineRemoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'mf_player',
  devPort: Number(process.env.MF_PLAYER_PORT ?? 3003),
  exposes: {
    // The bottom bar the shell mounts once for a logged-in user (it owns the audio).
    './Player': './src/app/player.tsx',
    // A small list the library may show; reads the API, talks to the player over the bus.
    './RecentlyPlayed': './src/app/recently-played.tsx',
    './meta': './src/app/meta.ts',
  } satisfies RemoteExposes<'mf_player'>,
});
