/**
 * mf_auth's side of its contract with the shell (@tunafy/remote-contracts; docs/remote-contracts.md).
 * One line per `exposes` entry of rspack.config.ts, naming the same file: `npm run typecheck` fails when a
 * module goes missing or its default export or props stop matching what the shell was built against.
 * (rspack.config.ts's `exposes` keys are checked against the same contract.)
 */
import type { SatisfiesRemoteContract } from '@tunafy/remote-contracts';

export type Exposed = SatisfiesRemoteContract<
  'mf_auth',
  {
    LoginPage: typeof import('./app/login-page');
    SignupPage: typeof import('./app/signup-page');
    AuthModals: typeof import('./app/auth-modals');
    ConnectedAppsPage: typeof import('./app/connected-apps-page');
    AppsHelpPage: typeof import('./app/apps-help-page');
    meta: typeof import('./app/meta');
  }
>;
