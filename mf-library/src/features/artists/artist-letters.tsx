import { Link } from 'react-router';
import { ARTIST_LETTERS, artistsPagePath } from '../shared/artists-api';
import styles from './artists.module.css';

/**
 * The A–Z index over the artists list: All, A to Z and # (names that start with anything else), each a link to the
 * list under that letter (`?letter=`), so a letter has its own address, Back returns to the previous one, and the
 * current one is marked for screen readers too (`aria-current`).
 */
export function ArtistLetters({ current }: { current: string | null }) {
  const letters: { letter: string | null; label: string; name?: string }[] = [
    { letter: null, label: 'All', name: 'All artists' },
    ...ARTIST_LETTERS.map((letter) => ({ letter, label: letter, name: letter === '#' ? '# (names that start with a digit or a symbol)' : undefined })),
  ];
  return (
    <nav aria-label="Artists by letter" className={styles.letters}>
      <ul className={styles.letterList}>
        {letters.map(({ letter, label, name }) => (
          <li key={label}>
            <Link
              to={artistsPagePath(letter)}
              className={styles.letter}
              aria-current={letter === current ? 'page' : undefined}
              aria-label={name}
              title={name}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
