import { useCallback, useRef, useState } from 'react';
import type { PlayerController } from '../playback/player-controller';
import { currentSong } from '../queue/queue';
import { CompactPlayer } from './compact-player';
import { IconButton } from './icon-button';
import { AlertIcon, CloseIcon, KeyboardIcon } from './icons';
import { NowPlaying } from './now-playing';
import { ProgressBar } from './progress-bar';
import { QueuePanel } from './queue-panel';
import { ShortcutsHelp } from './shortcuts-help';
import { TransportControls } from './transport-controls';
import { useCompactLayout } from './use-compact-layout';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';
import { usePlayerState } from './use-player';
import { useQueueToggle } from './use-queue-toggle';
import { VolumeControl } from './volume-control';
import styles from './player-bar.module.css';
import theme from './theme.module.css';

/**
 * The bottom bar: now playing on the left, transport and progress in the middle, queue and volume on the right.
 * On a phone (the shell's layout below 768 px) the compact bar instead, which opens a full-screen player.
 */
export function PlayerBar({ controller }: { controller: PlayerController }) {
  const state = usePlayerState(controller);
  const compact = useCompactLayout();
  const [helpOpen, setHelpOpen] = useState(false);
  const helpDialog = useRef<HTMLDivElement>(null);
  const queue = useQueueToggle();
  const song = currentSong(state.queue);

  const openHelp = useCallback(() => setHelpOpen(true), []);
  const ownDialog = useCallback(() => helpDialog.current, []);
  useKeyboardShortcuts(controller, { onHelp: openHelp, ownDialog });

  const notice = state.notice && (
    // The same message went to the shell's toaster (a live region); here it stays visible, not announced twice.
    <p className={styles.notice} data-testid="player-notice">
      <AlertIcon />
      <span>{state.notice}</span>
      <IconButton label="Dismiss message" icon={<CloseIcon size={16} />} onClick={() => controller.dismissNotice()} className={styles.dismiss} />
    </p>
  );

  if (compact) {
    return (
      <>
        <CompactPlayer controller={controller} state={state} notice={notice} />
        {helpOpen && <ShortcutsHelp dialogRef={helpDialog} onClose={() => setHelpOpen(false)} />}
      </>
    );
  }

  return (
    <section
      className={`${theme.theme} ${styles.bar}`}
      aria-label="Player"
      onKeyDown={(event) => {
        // Escape anywhere in the bar (the toggle included) closes the queue; the panel handles its own first.
        if (event.key === 'Escape' && queue.open) queue.close();
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
        <IconButton label="Keyboard shortcuts" icon={<KeyboardIcon />} onClick={openHelp} className={styles.optional} />
        <IconButton {...queue.buttonProps} />
        <VolumeControl controller={controller} volume={state.volume} muted={state.muted} />
      </div>

      {notice}

      {queue.open && <QueuePanel id={queue.panelId} controller={controller} queue={state.queue} onClose={queue.close} />}
      {helpOpen && <ShortcutsHelp dialogRef={helpDialog} onClose={() => setHelpOpen(false)} />}
    </section>
  );
}
