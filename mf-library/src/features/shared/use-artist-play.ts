import { useCallback, useRef } from 'react';
import { LIMITS, LISTENING_LIMITS, type ArtistDetail, type Song } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { notify } from '../../lib/bus';
import { playList, type ListPlayback } from '../../lib/player';
import { shuffled } from '../../lib/shuffled';
import { albumSongRows } from './albums-api';

/**
 * Albums whose songs Play adds after the popular ones (newest first): a queue's worth for most artists, without a
 * request per album of one with hundreds.
 */
export const PLAY_ALBUMS_MAX = 20;

/**
 * What the artist page's Play queues: its popular songs, then the songs of its albums newest first, each song once, at
 * most the player's queue limit. An album that cannot be read is left out rather than stopping the music.
 */
export async function artistQueue(detail: Pick<ArtistDetail, 'top_songs' | 'albums'>, signal: AbortSignal = new AbortController().signal): Promise<Song[]> {
  const max = LISTENING_LIMITS.queueMax;
  const perAlbum = Math.min(max, LIMITS.pageSizeMax);
  const albums = await Promise.all(
    detail.albums.slice(0, PLAY_ALBUMS_MAX).map((album) =>
      albumSongRows(album.id)(0, perAlbum, signal).then(
        (answer) => answer.items,
        () => [] as Song[],
      ),
    ),
  );
  const queue: Song[] = [];
  const seen = new Set<string>();
  for (const song of [...detail.top_songs, ...albums.flat()]) {
    if (queue.length >= max) break;
    if (seen.has(song.id)) continue;
    seen.add(song.id);
    queue.push(song);
  }
  return queue;
}

/**
 * The artist page's Play and Shuffle, through the same `play-list` command every list sends, with the page's
 * `source` so its rows show what plays. Play toggles once the player plays this artist; Shuffle always starts over
 * in a new order (the player's own shuffle mode stays the player's setting, as on a user page). Only the last
 * click plays.
 */
export function useArtistPlay(detail: ArtistDetail, source: string, rows: Pick<ListPlayback, 'currentId'>, random: () => number = Math.random) {
  const latest = useRef(0);
  const detailRef = useRef(detail);
  detailRef.current = detail;
  const start = useCallback(
    (shuffle: boolean) => {
      const ticket = ++latest.current;
      artistQueue(detailRef.current).then(
        (songs) => ticket === latest.current && playList(shuffle ? shuffled(songs, random) : songs, 0, source),
        () => ticket === latest.current && notify("Couldn't load the songs to play. Try again.", 'error'),
      );
    },
    [source, random],
  );
  const ours = rows.currentId !== null;
  const play = useCallback(() => {
    if (ours) getEventBus().publish('player:command', { type: 'toggle' });
    else start(false);
  }, [ours, start]);
  const shuffle = useCallback(() => start(true), [start]);
  return { play, shuffle };
}
