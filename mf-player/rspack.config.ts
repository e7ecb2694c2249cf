import { defineRemoteConfig } from '../tools/federation/remote-config.ts';

export default defineRemoteConfig({
  configUrl: import.meta.url,
  name: 'mf_player',
  devPort: 3003,
  // The bottom bar the shell mounts once for a logged-in user (it owns the audio); a small list the library may
  // show (it reads the API and talks to the player over the bus).
  exposes: ['Player', 'RecentlyPlayed', 'meta'],
});
