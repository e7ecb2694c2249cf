import type { PlayerController, PlayerViewState } from '../playback/player-controller';
import { currentSong } from '../queue/queue';
import { IconButton } from './icon-button';
import { ForwardIcon, LoopOneIcon, NextIcon, PauseIcon, PlayIcon, PreviousIcon, RepeatIcon, RewindIcon, ShuffleIcon } from './icons';
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
      <IconButton label="Shuffle" pressed={shuffle} icon={<ShuffleIcon />} onClick={() => controller.toggleShuffle()} />
      <IconButton label="Previous" icon={<PreviousIcon />} disabled={!hasSong} onClick={() => controller.previous()} />
      <IconButton label="Rewind 5 seconds" icon={<RewindIcon />} disabled={!hasSong} onClick={() => controller.rewind()} />
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
      <IconButton label="Forward 5 seconds" icon={<ForwardIcon />} disabled={!hasSong} onClick={() => controller.forward()} />
      <IconButton label="Next" icon={<NextIcon />} disabled={!hasSong} onClick={() => controller.next()} />
      <IconButton label="Loop this song" pressed={repeat === 'one'} icon={<LoopOneIcon />} onClick={() => controller.toggleLoop()} />
      <IconButton label="Repeat queue" pressed={repeat === 'all'} icon={<RepeatIcon />} onClick={() => controller.toggleRepeatAll()} />
    </div>
  );
}
