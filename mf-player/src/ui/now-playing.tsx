import type { QueueItem } from '@tunafy/event-bus';
import { Cover } from './cover';
import { SongLinks } from './song-link';
import styles from './now-playing.module.css';

export function NowPlaying({ song, playing }: { song: QueueItem | null; playing: boolean }) {
  if (!song) {
    return (
      <div className={styles.nowPlaying}>
        <Cover src={null} size={56} />
        <p className={styles.idle}>Pick a song to start listening.</p>
      </div>
    );
  }
  return (
    <div className={styles.nowPlaying} aria-label="Now playing" role="group">
      <Cover src={song.song_cover_url} size={56} priority="eager" />
      <div className={styles.meta}>
        <SongLinks song={song} titleClassName={styles.title} artistClassName={styles.artist} />
      </div>
      {playing && (
        <span className={styles.bars} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      )}
    </div>
  );
}
