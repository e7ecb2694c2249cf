import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { PauseIcon, PlayIcon, creditNames } from '@tunafy/ui';
import type { PlayerController, PlayerViewState } from '../playback/player-controller';
import { currentSong } from '../queue/queue';
import { Cover } from './cover';
import { FullPlayer } from './full-player';
import { useProgress } from './use-player';
import styles from './compact-player.module.css';
import shared from './shared.module.css';
import { playerThemeClassName } from './theme';

interface CompactPlayerProps {
  controller: PlayerController;
  state: PlayerViewState;
  /** The playback problem, if any (the same element the desktop bar shows). */
  notice: ReactNode;
}

/**
 * The phone's player: one slim row above the tab bar (cover, title and artist, play/pause, a thin progress
 * line), which opens the full-screen player. It takes 64 px of the screen instead of the desktop bar's two rows.
 */
export function CompactPlayer({ controller, state, notice }: CompactPlayerProps) {
  const song = currentSong(state.queue);
  const [expanded, setExpanded] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  const collapse = () => {
    setExpanded(false);
    // The opener is back in the page after this render.
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <section className={`${playerThemeClassName} ${styles.bar}`} aria-label="Player">
      {song ? (
        <button ref={opener} type="button" className={styles.open} aria-haspopup="dialog" aria-expanded={expanded} onClick={() => setExpanded(true)}>
          <Cover src={song.song_cover_url} size={44} priority="eager" />
          <span className={shared.lines}>
            {/* Named by what it shows (WCAG 2.5.3), with what it does for screen readers. */}
            <span className={`${shared.line} ${styles.title}`}>
              <span className={shared.srOnly}>Open player:</span> {song.song_name}
            </span>{' '}
            <span className={`${shared.line} ${styles.artist}`}>
              <span className={shared.srOnly}>by</span> {creditNames(song)}
            </span>
          </span>
        </button>
      ) : (
        <p className={styles.idle}>Pick a song to start listening.</p>
      )}
      <button
        type="button"
        className={`${styles.play} ${shared.bufferingRing}`}
        aria-label={state.playing ? 'Pause' : 'Play'}
        disabled={!song}
        data-buffering={(state.playing && state.buffering) || undefined}
        onClick={() => controller.toggle()}
      >
        {state.playing ? <PauseIcon size={24} /> : <PlayIcon size={24} />}
      </button>
      <ProgressLine controller={controller} />
      {notice}
      {expanded && <FullPlayer controller={controller} state={state} onClose={collapse} />}
    </section>
  );
}

/** How far the song is, at a glance; the seek slider itself is in the full-screen player. */
function ProgressLine({ controller }: { controller: PlayerController }) {
  const { position, duration } = useProgress(controller);
  const fraction = Number.isFinite(duration) && duration > 0 ? Math.min(1, Math.max(0, position / duration)) : 0;
  return <span className={styles.line} style={{ '--fraction': fraction } as CSSProperties} aria-hidden="true" />;
}
