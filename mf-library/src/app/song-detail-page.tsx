import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SessionUser, Song } from '@tunafy/contracts';
import { themeClassName, visuallyHiddenClassName } from '@tunafy/ui';
import { ActionMenu, type MenuAction } from '../components/action-menu';
import { ArtistLinks } from '../components/artist-links';
import { PlayButton } from '../components/play-button';
import { ActionBar, CollectionHeader, HERO_COVER } from '../components/collection-header';
import { Cover } from '../components/cover';
import { DeleteDialog } from '../components/item-dialogs';
import { ItemRoute } from '../components/item-route';
import theme from '../components/theme.module.css';
import { AddToAlbumDialog } from '../features/albums/add-to-album-dialog';
import { LikeButton } from '../features/collection/like-button';
import { useLike } from '../features/collection/use-like';
import { AddToPlaylistDialog } from '../features/playlists/add-to-playlist-dialog';
import { ShareDialog } from '../features/shares/share-dialog';
import { genrePagePath } from '../features/shared/genres-api';
import { deleteSong, songPath } from '../features/songs/api';
import { describeDuration, formatDuration } from '../lib/format';
import { queueSongs, useListPlayback } from '../lib/player';
import { ALL_SONGS } from './back-links';

type Open = 'playlist' | 'album' | 'share' | 'delete' | null;

function SongView({ song, user }: { song: Song; user: SessionUser }) {
  const navigate = useNavigate();
  const like = useLike(user.id, song.id);
  const playback = useListPlayback(`song:${song.id}`, [song]);
  const [open, setOpen] = useState<Open>(null);
  const isArtist = song.artist_id === user.id;

  // SPEC §6: Add to Playlist for everyone; Add to Album, Update and Delete for the song's artist. The queue
  // actions (issue 16) come first, as on every song row.
  const actions: MenuAction[] = [
    { label: 'Play next', onSelect: () => queueSongs([song], 'next') },
    { label: 'Add to queue', onSelect: () => queueSongs([song], 'end') },
    { label: 'Add to Playlist', onSelect: () => setOpen('playlist') },
  ];
  if (isArtist) {
    actions.push(
      { label: 'Add to Album', onSelect: () => setOpen('album') },
      { label: 'Copy link to share', onSelect: () => setOpen('share') },
      { label: 'Update', onSelect: () => navigate(`/songs/${song.id}/update`) },
      { label: 'Delete', onSelect: () => setOpen('delete'), danger: true },
    );
  }

  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind="Song"
        title={song.song_name}
        cover={<Cover src={song.song_cover_url} {...HERO_COVER} alt={`Cover of ${song.song_name}`} />}
        meta={[
          <ArtistLinks key="artist" item={song} />,
          song.album_id && song.album_name ? (
            <Link key="album" to={`/albums/${song.album_id}`}>
              {song.album_name}
            </Link>
          ) : null,
          song.genre ? (
            <Link key="genre" to={genrePagePath(song.genre)} title={`Genre: ${song.genre}`}>
              {song.genre}
            </Link>
          ) : null,
          <span key="duration" title={describeDuration(song.duration)}>
            <span className={visuallyHiddenClassName}>Duration </span>
            <span>{formatDuration(song.duration)}</span>
          </span>,
        ]}
      />
      <ActionBar>
        <PlayButton name={song.song_name} playing={playback.playing} onClick={playback.toggle} />
        <LikeButton like={like} songName={song.song_name} />
        <ActionMenu label={`More options for ${song.song_name}`} actions={actions} />
      </ActionBar>
      {open === 'playlist' && <AddToPlaylistDialog userId={user.id} songIds={[song.id]} onClose={() => setOpen(null)} />}
      {open === 'album' && <AddToAlbumDialog userId={user.id} songId={song.id} onClose={() => setOpen(null)} />}
      {open === 'share' && <ShareDialog target={{ kind: 'song', id: song.id, name: song.song_name }} onClose={() => setOpen(null)} />}
      {open === 'delete' && <DeleteDialog entity="song" id={song.id} name={song.song_name} remove={deleteSong} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** `/songs/:songId`: cover, name, artists, album, genre (a link to its page), duration, play, like and the song's menu (SPEC §2). */
export default function SongDetailPage() {
  return (
    <ItemRoute<Song> param="songId" path={songPath} what="song" backTo={ALL_SONGS} reloadOn={['song']} withRows={false}>
      {(song, user) => <SongView song={song} user={user} />}
    </ItemRoute>
  );
}
