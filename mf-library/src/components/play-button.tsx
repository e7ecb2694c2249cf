import { PauseIcon, PlayIcon } from '@tunafy/ui';
import styles from './play-button.module.css';

interface PlayButtonProps {
  /** What plays, for the accessible name: "Play All Songs" / "Pause All Songs". */
  name: string;
  playing: boolean;
  onClick: () => void;
  disabled?: boolean;
}

/** The big green play/pause of a list or a song (the library's own; buttons in general are @tunafy/ui's). */
export function PlayButton({ name, playing, onClick, disabled }: PlayButtonProps) {
  return (
    <button type="button" className={styles.play} onClick={onClick} disabled={disabled} aria-label={`${playing ? 'Pause' : 'Play'} ${name}`}>
      {playing ? <PauseIcon /> : <PlayIcon />}
    </button>
  );
}
