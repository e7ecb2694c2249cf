import { Link } from 'react-router';
import type { Genre } from '@tunafy/contracts';
import { formatSongCount } from '../../lib/format';
import { genrePagePath } from './genres-api';
import styles from './genre-tiles.module.css';

/** Genres as tiles, each leading to its songs (the genres page, the search screen's Genres). */
export function GenreTiles({ genres, label = 'Genres' }: { genres: readonly Genre[]; label?: string }) {
  return (
    <ul className={styles.tiles} aria-label={label}>
      {genres.map((genre) => (
        <li key={genre.name}>
          <Link to={genrePagePath(genre.name)} className={styles.tile}>
            <span className={styles.tileName}>{genre.name}</span>
            <span className={styles.tileCount}>{formatSongCount(genre.song_count)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
