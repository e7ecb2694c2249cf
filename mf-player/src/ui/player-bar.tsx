import { useCallback, useRef, useState } from 'react';
import type { PlayerController } from '../playback/player-controller';
import { currentSong } from '../queue/queue';
import { LyricsView } from '../lyrics/lyrics-view';
import { CompactPlayer } from './compact-player';
import { CloseIcon, ErrorIcon, IconButton, KeyboardIcon, preloadDialog } from '@tunafy/ui';
import { NowPlaying } from './now-playing';
import { PlaybackSettingsButton } from './playback-settings';
import { ProgressBar } from './progress-bar';
import { QueuePanel } from './queue-panel';
import { ShortcutsHelp } from './shortcuts-help';
import { TransportControls } from './transport-controls';
import { useCompactLayout } from './use-compact-layout';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';
import { usePlayerState } from './use-player';
import { useLyricsToggle, useQueueToggle } from './use-queue-toggle';
import { VolumeControl } from './volume-control';
import shared from './shared.module.css';
import styles from './player-bar.module.css';
import { playerThemeClassName } from './theme';

/**
 * The bottom bar: now playing on the left, transport and progress in the middle, queue and volume on the right.
 * On a phone (the shell's layout below 768 px) the compact bar instead, which opens a full-screen player.
 */
const preloadHelp = () => void preloadDialog();

export function PlayerBar({ controller }: { controller: PlayerController }) {
  const state = usePlayerState(controller);
  const compact = useCompactLayout();
  const [helpOpen, setHelpOpen] = useState(false);
  const helpList = useRef<HTMLDListElement>(null);
  const queue = useQueueToggle();
  const lyrics = useLyricsToggle();
  const song = currentSong(state.queue);

  const openHelp = useCallback(() => setHelpOpen(true), []);
  const ownDialog = useCallback(() => helpList.current?.closest('[aria-modal="true"]') ?? null, []);
  useKeyboardShortcuts(controller, { onHelp: openHelp, ownDialog });

  const notice = state.notice && (
    // The same message went to the shell's toaster (a live region); here it stays visible, not announced twice.
    <p className={styles.notice} data-testid="player-notice">
      <ErrorIcon size={18} />
      <span>{state.notice}</span>
      <IconButton size="small" label="Dismiss message" onClick={() => controller.dismissNotice()} className={`${shared.iconButton} ${styles.dismiss}`}><CloseIcon size={16} /></IconButton>
    </p>
  );

  if (compact) {
    return (
      <>
        <CompactPlayer controller={controller} state={state} notice={notice} />
        {helpOpen && <ShortcutsHelp listRef={helpList} onClose={() => setHelpOpen(false)} />}
      </>
    );
  }

  return (
    <section
      className={`${playerThemeClassName} ${styles.bar}`}
      aria-label="Player"
      onKeyDown={(event) => {
        // Escape anywhere in the bar (the toggle included) closes the queue; the panel handles its own first.
        if (event.key === 'Escape' && queue.open) queue.close();
        else if (event.key === 'Escape' && lyrics.open) lyrics.close();
      }}
    >
      <div className={styles.left}>
        <NowPlaying song={song} playing={state.playing} />
      </div>

      <div className={styles.center}>
        <TransportControls controller={controller} state={state} />
        <ProgressBar controller={controller} disabled={song === null} />
      </div>

      <div className={styles.right}>
        {/* The dialog's behaviour is its own chunk (not on the first screen's budget); pointing at or tabbing to the
            button fetches it, so the dialog opens at once on the click. The "?" key loads it as the dialog mounts. */}
        <IconButton
          size="small"
          label="Keyboard shortcuts"
          onClick={openHelp}
          onPointerEnter={preloadHelp}
          onFocus={preloadHelp}
          className={`${shared.iconButton} ${styles.optional}`}
        >
          <KeyboardIcon size={20} />
        </IconButton>
        <PlaybackSettingsButton controller={controller} settings={state.settings} className={shared.iconButton} />
        <IconButton size="small" {...lyrics.buttonProps} className={shared.iconButton} />
        <IconButton size="small" {...queue.buttonProps} className={shared.iconButton} />
        <VolumeControl controller={controller} volume={state.volume} muted={state.muted} />
      </div>

      {notice}

      {lyrics.open && !queue.open && <LyricsView id={lyrics.panelId} controller={controller} songId={song?.id ?? null} variant="panel" onClose={lyrics.close} />}
      {queue.open && <QueuePanel id={queue.panelId} controller={controller} queue={state.queue} onClose={queue.close} />}
      {helpOpen && <ShortcutsHelp listRef={helpList} onClose={() => setHelpOpen(false)} />}
    </section>
  );
}
