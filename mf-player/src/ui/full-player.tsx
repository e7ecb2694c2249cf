import { useEffect, useId, useRef } from 'react';
import type { PlayerController, PlayerViewState } from '../playback/player-controller';
import { currentSong } from '../queue/queue';
import { Cover } from './cover';
import { ChevronDownIcon, IconButton, ModalFocus } from '@tunafy/ui';
import { PlaybackSettingsButton } from './playback-settings';
import { ProgressBar } from './progress-bar';
import { QueuePanel } from './queue-panel';
import { SongLinks } from './song-link';
import { TransportControls } from './transport-controls';
import { useCloseOnBack } from './use-close-on-back';
import { LyricsView } from '../lyrics/lyrics-view';
import { useLyricsToggle, useQueueToggle } from './use-queue-toggle';
import shared from './shared.module.css';
import styles from './full-player.module.css';
import { playerThemeClassName } from './theme';

interface FullPlayerProps {
  controller: PlayerController;
  state: PlayerViewState;
  onClose: () => void;
}

/**
 * The phone's full-screen player, opened from the compact bar: artwork, title and artist, a seek bar made for a
 * thumb, every control of the desktop bar, and the queue in place of the artwork. A modal dialog: focus starts
 * on Close, stays inside, and Escape, Close or the phone's Back go back to the bar. The focus trap, the first
 * focus, focus back on the bar's opener and Escape are @tunafy/ui's ModalFocus (Radix); the Back button and the
 * links that leave the page are the player's own (use-close-on-back.ts).
 */
export function FullPlayer({ controller, state, onClose }: FullPlayerProps) {
  const song = currentSong(state.queue);
  const queue = useQueueToggle();
  const lyrics = useLyricsToggle();
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const leaveThen = useCloseOnBack(onClose);

  // The page behind must not scroll under the thumb while the player covers it.
  useEffect(() => {
    const before = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = before;
    };
  }, []);

  return (
    <ModalFocus
      className={`${playerThemeClassName} ${styles.full}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      initialFocus={close}
      onDismiss={onClose}
      // An Escape in the open queue closes the queue (queue-panel.tsx); the next one closes the player.
      onEscapeKeyDown={(event) => {
        const panel = queue.open ? document.getElementById(queue.panelId) : null;
        if (panel && event.target instanceof Node && panel.contains(event.target)) event.preventDefault();
      }}
      // A link inside (the song's title) leads to another page: the player's history entry goes first, then the
      // link is followed (clicked again once the entry is gone), and the player gets out of the way.
      onClickCapture={(event) => {
        const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
        if (!link) return;
        if (leaveThen(() => link.click())) event.preventDefault();
        else onClose();
      }}
    >
      <div className={styles.header}>
        <IconButton size="small" ref={close} label="Close player" onClick={onClose} className={`${shared.iconButton} ${styles.headerButton}`}><ChevronDownIcon size={24} /></IconButton>
        <h2 id={titleId} className={styles.heading}>
          Now playing
        </h2>
        <div className={styles.headerEnd}>
          <PlaybackSettingsButton controller={controller} settings={state.settings} className={`${shared.iconButton} ${styles.headerButton}`} />
          <IconButton size="small" {...lyrics.buttonProps} className={`${shared.iconButton} ${styles.headerButton}`} />
          <IconButton size="small" {...queue.buttonProps} className={`${shared.iconButton} ${styles.headerButton}`} />
        </div>
      </div>

      {queue.open ? (
        <QueuePanel id={queue.panelId} controller={controller} queue={state.queue} onClose={queue.close} variant="sheet" />
      ) : lyrics.open ? (
        // The phone's lyrics take the artwork's place, the whole height between the header and the controls.
        <LyricsView id={lyrics.panelId} controller={controller} songId={song?.id ?? null} variant="full" />
      ) : (
        <div className={styles.art}>
          <Cover src={song?.song_cover_url} size={640} fluid priority="high" />
        </div>
      )}

      <div className={styles.meta}>
        {song ? (
          <SongLinks song={song} titleClassName={styles.title} artistClassName={styles.artist} />
        ) : (
          <span className={styles.artist}>Nothing is playing.</span>
        )}
      </div>

      <ProgressBar controller={controller} disabled={song === null} size="large" />
      <TransportControls controller={controller} state={state} layout="full" />
    </ModalFocus>
  );
}
