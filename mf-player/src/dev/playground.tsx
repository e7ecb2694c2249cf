import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { getApiClient } from '@tunafy/api-client';
import { DEMO_CREDENTIALS, type SongsResponse } from '@tunafy/contracts';
import { getEventBus, type EventMap, type PlayerCommand, type QueueItem } from '@tunafy/event-bus';
import Player from '../app/player';
import RecentlyPlayed from '../app/recently-played';
import { useBusPlayerState } from '../lib/bus-player-state';
import { publishSession, useSessionUser } from '@tunafy/app-kit';
import { sessionLabel, useSessionFromApi } from '@tunafy/app-kit/dev';
import { songToQueueItem } from '../playback/persistence';
import { playerThemeClassName } from '../ui/theme';
import { brokenSong, toneSongs } from './tones';
import styles from './playground.module.css';

const FAKE_USER = { id: 'dev-offline-user', username: 'offline', email: 'offline@example.com' };
const send = (command: PlayerCommand) => getEventBus().publish('player:command', command);

/** The last few toasts other apps would show (the shell's toaster is not here). */
function useNotices() {
  const [notices, setNotices] = useState<EventMap['ui:notify'][]>([]);
  useEffect(() => {
    const subscription = getEventBus()
      .on('ui:notify')
      .subscribe((notice) => setNotices((list) => [notice, ...list].slice(0, 4)));
    return () => subscription.unsubscribe();
  }, []);
  return notices;
}

function SessionControls() {
  const user = useSessionUser();
  const [error, setError] = useState<string | null>(null);
  const logIn = async () => {
    setError(null);
    try {
      publishSession(await getApiClient().login({ email: DEMO_CREDENTIALS.email, password: DEMO_CREDENTIALS.password }));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  const logOut = async () => {
    if (user?.id !== FAKE_USER.id) await getApiClient().logout().catch(() => undefined);
    publishSession(null);
  };
  return (
    <fieldset className={styles.group}>
      <legend>Session</legend>
      <span>{sessionLabel(user, 'guest (the player is hidden)')}</span>
      {!user && (
        <>
          <button type="button" onClick={() => void logIn()}>
            Log in as demo (API)
          </button>
          <button type="button" onClick={() => publishSession(FAKE_USER)}>
            Fake session (offline)
          </button>
        </>
      )}
      {user && (
        <button type="button" onClick={() => void logOut()}>
          Log out
        </button>
      )}
      {error && <span role="alert">{error}</span>}
    </fieldset>
  );
}

function CommandControls() {
  const [apiSongs, setApiSongs] = useState<QueueItem[] | null>(null);
  const [status, setStatus] = useState('');
  const [tones] = useState(() => toneSongs());
  const loadApiSongs = async () => {
    setStatus('loading /api/songs…');
    try {
      const { songs } = await getApiClient().get<SongsResponse>('/api/songs?limit=50');
      setApiSongs(songs.map(songToQueueItem));
      setStatus(`${songs.length} songs from the API`);
    } catch (failure) {
      setStatus(`API: ${(failure as Error).message}`);
    }
  };
  return (
    <>
      <fieldset className={styles.group}>
        <legend>Offline samples (generated tones, 8 s)</legend>
        <button type="button" onClick={() => send({ type: 'play-list', songs: tones, index: 0, source: 'dev:tones' })}>
          Play tones from the first
        </button>
        <button type="button" onClick={() => send({ type: 'play-list', songs: tones, index: 1, source: 'dev:tones' })}>
          Play tones from row 2
        </button>
        <button type="button" onClick={() => send({ type: 'play-list', songs: [tones[0], brokenSong(), tones[1]], index: 0, source: 'dev:broken' })}>
          Tones with a broken file
        </button>
        <button type="button" onClick={() => send({ type: 'play-next', song: tones[3] })}>
          Play next: G major
        </button>
        <button type="button" onClick={() => send({ type: 'add-to-queue', song: tones[2] })}>
          Add to queue: F major
        </button>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>API songs (through the dev server&apos;s /api proxy)</legend>
        <button type="button" onClick={() => void loadApiSongs()}>
          Load /api/songs
        </button>
        <button type="button" disabled={!apiSongs?.length} onClick={() => apiSongs && send({ type: 'play-list', songs: apiSongs, index: 0, source: 'dev:api' })}>
          Play all
        </button>
        <button type="button" disabled={(apiSongs?.length ?? 0) < 2} onClick={() => apiSongs && send({ type: 'play-list', songs: apiSongs, index: 1, source: 'dev:api' })}>
          Play from row 2
        </button>
        <span>{status}</span>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Commands</legend>
        {(['toggle', 'play', 'pause', 'previous', 'next'] as const).map((type) => (
          <button key={type} type="button" onClick={() => send({ type })}>
            {type}
          </button>
        ))}
        <button type="button" onClick={() => send({ type: 'seek', seconds: 5 })}>
          seek 0:05
        </button>
      </fieldset>
    </>
  );
}

/**
 * `npm run dev -w mf-player`: the Player mounted as the shell mounts it, with
 * buttons standing in for the library (they publish `player:command`) and a
 * live view of what the player publishes.
 */
export function Playground() {
  const state = useBusPlayerState();
  const notices = useNotices();
  const user = useSessionUser();
  useSessionFromApi();
  return (
    <BrowserRouter>
      <div className={`${playerThemeClassName} ${styles.page}`}>
        <main className={styles.main}>
          <h1>mf-player playground</h1>
          <SessionControls />
          <CommandControls />
          <div className={styles.columns}>
            <section aria-label="player:state">
              <h2>player:state</h2>
              <pre className={styles.state}>
                {state ? JSON.stringify({ ...state, queue: state.queue.map((song) => song.song_name), current: state.current?.song_name ?? null }, null, 2) : 'not published yet'}
              </pre>
            </section>
            <section aria-label="ui:notify">
              <h2>ui:notify</h2>
              <ul>
                {notices.map((notice, i) => (
                  <li key={i}>
                    [{notice.kind}] {notice.message}
                  </li>
                ))}
              </ul>
            </section>
            {user && user.id !== FAKE_USER.id && <RecentlyPlayed limit={5} />}
          </div>
        </main>
        <footer className={styles.player}>
          <Player />
        </footer>
      </div>
    </BrowserRouter>
  );
}
