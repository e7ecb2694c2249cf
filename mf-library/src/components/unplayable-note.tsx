import { AUDIO_FORMAT_INFO, type AudioFormat } from '@tunafy/contracts';
import { canPlayFormat } from '../lib/can-play';
import styles from './unplayable-note.module.css';

/** Beside a song this browser cannot play: says so, instead of a play button that silently does nothing (issue 13). */
export function UnplayableNote({ format }: { format: AudioFormat | undefined }) {
  if (!format || canPlayFormat(format)) return null;
  return <span className={styles.note}> · {AUDIO_FORMAT_INFO[format].label} cannot play in this browser</span>;
}
