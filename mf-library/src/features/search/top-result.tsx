import { Link } from 'react-router';
import type { SearchTopResult } from '@tunafy/contracts';
import { PersonIcon, artistPagePath, creditNames } from '@tunafy/ui';
import { Cover } from '../../components/cover';
import { PlayButton } from '../../components/play-button';
import { formatSongCount } from '../../lib/format';
import { useTopResultPlay } from './top-result-play';
import styles from './search-screen.module.css';

interface Shown {
  name: string;
  kind: string;
  who: string | null;
  to: string;
  coverUrl: string | null;
}

/** What the card shows of each kind: its name, what it is and who it is by, its page and its picture. */
export function describeTop(top: SearchTopResult): Shown {
  switch (top.kind) {
    case 'song':
      return { name: top.song.song_name, kind: 'Song', who: creditNames(top.song), to: `/songs/${top.song.id}`, coverUrl: top.song.song_cover_url };
    case 'artist':
      return { name: top.artist.name, kind: 'Artist', who: formatSongCount(top.artist.song_count), to: artistPagePath(top.artist.id), coverUrl: top.artist.picture_url };
    case 'album':
      return { name: top.album.album_name, kind: 'Album', who: creditNames(top.album), to: `/albums/${top.album.id}`, coverUrl: top.album.album_cover_url };
    case 'playlist':
      return { name: top.playlist.playlist_name, kind: 'Playlist', who: top.playlist.creator_username, to: `/playlists/${top.playlist.id}`, coverUrl: top.playlist.playlist_cover_url };
  }
}

/** The best match, first and big: cover, name (its page's link), kind and who; Play puts it on the queue as its page's Play would. */
export function TopResult({ top }: { top: SearchTopResult }) {
  const shown = describeTop(top);
  const { play, playing } = useTopResultPlay(top);
  const round = top.kind === 'artist';
  return (
    <section className={styles.top} aria-labelledby="tf-search-top">
      <h2 id="tf-search-top" className={styles.sectionTitle}>
        Top result
      </h2>
      <div className={styles.topCard}>
        <Cover src={shown.coverUrl} size={96} kind={top.kind === 'album' ? 'album' : 'song'} placeholder={round ? PersonIcon : undefined} round={round} shadow className={styles.topCover} />
        <Link to={shown.to} className={styles.topName}>
          {shown.name}
        </Link>
        <p className={styles.topAbout}>
          <span className={styles.kindBadge}>{shown.kind}</span>
          {shown.who && <span className={styles.topWho}>{shown.who}</span>}
        </p>
        <div className={styles.topPlay}>
          <PlayButton name={shown.name} playing={playing} onClick={play} />
        </div>
      </div>
    </section>
  );
}
