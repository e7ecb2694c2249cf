import { useCallback, useRef } from 'react';
import { getApiClient } from '@tunafy/api-client';
import { LIMITS, LISTENING_LIMITS, type ArtistDetail, type SearchTopResult, type Song } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { notify } from '../../lib/bus';
import { playList, usePlayerState } from '../../lib/player';
import { albumSongRows } from '../shared/albums-api';
import { artistPath } from '../shared/artists-api';
import { artistQueue } from '../shared/use-artist-play';
import { playlistSongRows } from '../shared/playlists-api';

/** The player's `source` of what the top result plays: the same as its own page's, so that page shows it playing too. */
export function topResultSource(top: SearchTopResult): string {
  switch (top.kind) {
    case 'song':
      return `song:${top.song.id}`;
    case 'artist':
      return `artist:${top.artist.id}`;
    case 'album':
      return `album:${top.album.id}`;
    case 'playlist':
      return `playlist:${top.playlist.id}`;
  }
}

/** What Play queues for the top result, as its page's Play does: the song; the album's or playlist's songs in order; the artist's queue. */
export async function topResultQueue(top: SearchTopResult, signal: AbortSignal): Promise<Song[]> {
  const first = Math.min(LISTENING_LIMITS.queueMax, LIMITS.pageSizeMax);
  switch (top.kind) {
    case 'song':
      return [top.song];
    case 'album':
      return (await albumSongRows(top.album.id)(0, first, signal)).items;
    case 'playlist':
      return (await playlistSongRows(top.playlist.id)(0, first, signal)).items;
    case 'artist':
      return artistQueue(await getApiClient().get<ArtistDetail>(artistPath(top.artist.id), { signal }), signal);
  }
}

/**
 * The top result's Play: puts what it stands for on the queue through the event bus (the `play-list` command every
 * list sends), or pauses and resumes when the player already plays it. Only the last press plays.
 */
export function useTopResultPlay(top: SearchTopResult) {
  const state = usePlayerState();
  const source = topResultSource(top);
  const ours = Boolean(state && state.source === source && state.queue.length > 0);
  const latest = useRef(0);
  const play = useCallback(() => {
    if (ours) {
      getEventBus().publish('player:command', { type: 'toggle' });
      return;
    }
    const ticket = ++latest.current;
    topResultQueue(top, new AbortController().signal).then(
      (songs) => {
        if (ticket !== latest.current) return;
        if (songs.length === 0) notify('Nothing to play here yet.', 'info');
        else playList(songs, 0, source);
      },
      () => ticket === latest.current && notify("Couldn't load the songs to play. Try again.", 'error'),
    );
  }, [ours, top, source]);
  return { play, playing: ours && Boolean(state?.playing) };
}
