import { Link } from 'react-router';
import formStyles from '../../components/form.module.css';
import styles from './connected-apps.module.css';

/** Clients people use with Subsonic servers, by where they run; named, not endorsed: any Subsonic app should work. */
const PLATFORMS = [
  { name: 'Android', apps: ['Symfonium', 'Tempo', 'DSub'] },
  { name: 'iPhone and iPad', apps: ['Amperfy', 'play:Sub', 'substreamer'] },
  { name: 'Desktop (Windows, macOS, Linux)', apps: ['Feishin', 'Supersonic', 'Sonixd'] },
];

/** `/settings/apps/help`: which apps, what to type, what works. Open to guests too: it is how-to, not account data. */
export function AppsHelp({ serverUrl = window.location.origin }: { serverUrl?: string }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Listen in other apps</h1>
      <p className={styles.lead}>
        Tunafy speaks the Subsonic API, so music apps made for Subsonic servers play your Tunafy library: on your phone (also offline, if the app downloads), on your computer, in your car.
      </p>

      <section className={styles.section} aria-labelledby="help-apps">
        <h2 id="help-apps" className={styles.heading}>
          Apps that work
        </h2>
        <ul className={styles.platforms}>
          {PLATFORMS.map((platform) => (
            <li key={platform.name} className={styles.platform}>
              <h3>{platform.name}</h3>
              <ul>
                {platform.apps.map((app) => (
                  <li key={app}>{app}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="help-settings">
        <h2 id="help-settings" className={styles.heading}>
          What to type into the app
        </h2>
        <ul className={styles.bullets}>
          <li>
            <strong>Server URL</strong> (sometimes “Server address”): <code className={styles.value}>{serverUrl}</code>
          </li>
          <li>
            <strong>Username</strong>: your Tunafy username.
          </li>
          <li>
            <strong>Password</strong>: an app password from{' '}
            <Link to="/settings/apps" className={formStyles.switchLink}>
              Connected apps
            </Link>
            , never your Tunafy password. Make one per app, so you can revoke one without signing out the others.
          </li>
          <li>
            <strong>Legacy authentication</strong> (also “Force plain password”): leave it off; the usual token sign-in works.
          </li>
          <li>
            <strong>Browse by tags</strong> (ID3) rather than by folders, where the app asks: artists and albums then come from your songs’ tags.
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="help-works">
        <h2 id="help-works" className={styles.heading}>
          What works
        </h2>
        <ul className={styles.bullets}>
          <li>Browse artists and albums, and search.</li>
          <li>Stream and download songs.</li>
          <li>Stars are likes: a song starred in an app is in your Liked Songs here, and the other way round.</li>
          <li>Plays are counted: what you play in an app shows in your recently played.</li>
          <li>Playlists are the same as on the web, with their order and privacy.</li>
          <li>Resume where you stopped: apps that save the play queue let you stop in the app and continue in the browser.</li>
        </ul>
      </section>

      <p className={styles.text}>
        <Link to="/settings/apps" className={formStyles.switchLink}>
          Back to Connected apps
        </Link>
      </p>
    </div>
  );
}
