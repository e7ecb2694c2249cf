import { defineRemoteConfig } from '../tools/federation/remote-config.ts';

export default defineRemoteConfig({
  configUrl: import.meta.url,
  name: 'mf_auth',
  devPort: 3001,
  exposes: ['LoginPage', 'SignupPage', 'AuthModals', 'ConnectedAppsPage', 'AppsHelpPage', 'meta'],
});
