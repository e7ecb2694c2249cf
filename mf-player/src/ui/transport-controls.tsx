import type { PlayerController, PlayerViewState } from '../playback/player-controller';
import { currentSong } from '../queue/queue';
import { ForwardIcon, IconButton, NextIcon, PauseIcon, PlayIcon, PreviousIcon, RepeatIcon, RepeatOneIcon, RewindIcon, ShuffleIcon } from '@tunafy/ui';
import styles from './transport-controls.module.css';
import shared from './shared.module.css';

interface TransportControlsProps {
  controller: PlayerController;
  /** What the buttons show (playing, buffering, shuffle, repeat) and whether there is a song to act on. */
  state: PlayerViewState;
  /** 'full': the phone's full-screen player, big buttons over two rows (transport-controls.module.css). */
  layout?: 'bar' | 'full';
}

/**
 * SPEC §2's controls (play/pause, previous, next, rewind/forward jumps, loop)
 * plus shuffle and repeat-all. "Loop" is repeat-one: the song starts over by
 * itself; "Repeat" plays the queue again from the top after its last song.
 */
export function TransportControls({ controller, state, layout = 'bar' }: TransportControlsProps) {
  const { playing, buffering } = state;
  const { shuffle, repeat } = state.queue;
  const hasSong = currentSong(state.queue) !== null;
  return (
    <div className={styles.controls} role="group" aria-label="Playback" data-layout={layout}>
      <IconButton size="small" label="Shuffle" active={shuffle} aria-pressed={shuffle} onClick={() => controller.toggleShuffle()} className={shared.iconButton}><ShuffleIcon size={24} /></IconButton>
      <IconButton size="small" label="Previous" disabled={!hasSong} onClick={() => controller.previous()} className={shared.iconButton}><PreviousIcon size={24} /></IconButton>
      <IconButton size="small" label="Rewind 5 seconds" disabled={!hasSong} onClick={() => controller.rewind()} className={shared.iconButton}><RewindIcon seconds={5} size={24} /></IconButton>
      <button
        type="button"
        className={`${styles.play} ${shared.bufferingRing}`}
        aria-label={playing ? 'Pause' : 'Play'}
        title={playing ? 'Pause' : 'Play'}
        disabled={!hasSong}
        data-buffering={(playing && buffering) || undefined}
        onClick={() => controller.toggle()}
      >
        {playing ? <PauseIcon size={layout === 'full' ? 32 : 20} /> : <PlayIcon size={layout === 'full' ? 32 : 20} />}
      </button>
      <IconButton size="small" label="Forward 5 seconds" disabled={!hasSong} onClick={() => controller.forward()} className={shared.iconButton}><ForwardIcon seconds={5} size={24} /></IconButton>
      <IconButton size="small" label="Next" disabled={!hasSong} onClick={() => controller.next()} className={shared.iconButton}><NextIcon size={24} /></IconButton>
      <IconButton size="small" label="Loop this song" active={repeat === 'one'} aria-pressed={repeat === 'one'} onClick={() => controller.toggleLoop()} className={shared.iconButton}><RepeatOneIcon size={24} /></IconButton>
      <IconButton size="small" label="Repeat queue" active={repeat === 'all'} aria-pressed={repeat === 'all'} onClick={() => controller.toggleRepeatAll()} className={shared.iconButton}><RepeatIcon size={24} /></IconButton>
    </div>
  );
}
