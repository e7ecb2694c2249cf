import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { getEventBus, type ModalName } from '@tunafy/event-bus';
import AppsHelpPage from '../app/apps-help-page';
import AuthModals from '../app/auth-modals';
import ConnectedAppsPage from '../app/connected-apps-page';
import LoginPage from '../app/login-page';
import SignupPage from '../app/signup-page';
import { DevBar, useSessionFromApi } from '@tunafy/app-kit/dev';
import { themeClassName } from '@tunafy/ui';
import styles from './playground.module.css';

const MODALS: ModalName[] = ['login', 'signup', 'please-log-in'];

/** A stand-in for the shell's top bar: our routes and modal openers, the session, log in/out. */
function AuthDevBar() {
  return (
    <DevBar className={themeClassName}>
      <Link to="/">Home</Link>
      <Link to="/login">/login</Link>
      <Link to="/signup">/signup</Link>
      <Link to="/settings/apps">/settings/apps</Link>
      <Link to="/settings/apps/help">/settings/apps/help</Link>
      {MODALS.map((modal) => (
        <button key={modal} type="button" onClick={() => getEventBus().publish('ui:open-modal', { modal })}>
          Open {modal} modal
        </button>
      ))}
    </DevBar>
  );
}

/**
 * `npm run dev -w mf-auth`: the exposed modules mounted the way the shell
 * mounts them (router, one bus, session published at start), against the real
 * API through the dev server's /api proxy.
 */
export function Playground() {
  useSessionFromApi();
  return (
    <BrowserRouter>
      <AuthDevBar />
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/settings/apps" element={<ConnectedAppsPage />} />
        <Route path="/settings/apps/help" element={<AppsHelpPage />} />
        <Route path="*" element={<main className={`${themeClassName} ${styles.home}`}>Home (the shell renders the library here).</main>} />
      </Routes>
      <AuthModals />
    </BrowserRouter>
  );
}
