import { Outlet, useLocation } from 'react-router';
import { RemoteRegion } from '../federation/remote-region';
import { useSessionUser } from '../session/session';
import styles from './layout.module.css';
import { ModalHost } from './modal-host';
import { PreviewBanner } from './preview-banner';
import { ServerStatusBanner } from './server-status-banner';
import { Sidebar } from './sidebar';
import { Toaster } from './toaster';
import { TopBar } from './top-bar';
import { useDropToUpload } from './use-drop-to-upload';
import { usePhoneLayout } from './use-media-query';
import { BottomNav } from './bottom-nav';
import { REMOTE_MODULES } from '../federation/remote-modules';

/** Auth pages stand alone: no sidebar, player or banner (SPEC §2). */
const BARE_PATHS = new Set(['/login', '/signup']);

export function Layout() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const bare = BARE_PATHS.has(pathname.replace(/\/+$/, '') || '/');
  const phone = usePhoneLayout();
  useDropToUpload(Boolean(user) && !bare);
  // Phones: no sidebar; the player sits above a bottom navigation (same routes and remotes, another arrangement).
  const layout = bare ? styles.bare : phone ? styles.phone : '';
  return (
    <div className={`${styles.app} ${layout}`} data-layout={phone ? 'phone' : 'desktop'}>
      <a className={styles.skip} href="#tf-main">
        Skip to content
      </a>
      {!bare && !phone && (
        <div className={styles.sidebar}>
          <Sidebar />
        </div>
      )}
      <div className={styles.main}>
        <ServerStatusBanner />
        <TopBar />
        <main id="tf-main" tabIndex={-1} className={styles.content}>
          <Outlet />
        </main>
      </div>
      {!bare && (
        <div className={user ? `${styles.bottom} ${styles.player}` : styles.bottom}>
          {user ? <RemoteRegion request={REMOTE_MODULES.mf_player.Player} label="The player" variant="bar" /> : <PreviewBanner />}
        </div>
      )}
      {!bare && phone && (
        <div className={styles.nav}>
          <BottomNav />
        </div>
      )}
      <ModalHost />
      <Toaster />
    </div>
  );
}
