import { performance } from 'node:perf_hooks';
import { median, percentile } from '../stats.js';
import { sampleRss } from './memory.js';
import type { ScaleContext } from './scale.js';

export interface MixedLoadFigures {
  clients: number;
  seconds: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  /** Highest resident memory seen while the load ran (MB): the API, the engine. */
  apiMaxRssMb: number;
  engineMaxRssMb: number;
}

/**
 * A bounded mixed load for memory: `clients` loops issuing one request at a
 * time for `seconds` (and at most 200,000 requests) over the table's reads,
 * paging at random offsets, plus a like toggle; samples the API's and the
 * engine's resident memory meanwhile. The 100-user mixed load of
 * services/api/src/load needs its own users, playlists and media, which a
 * grown catalog does not set up; this one only needs the bench user.
 */
export async function mixedLoad(context: ScaleContext, pids: { api?: number; engine?: number }, clients: number, seconds: number): Promise<MixedLoadFigures> {
  const { session, me, catalog, songCount } = context;
  const words = [catalog.commonWord.toLowerCase(), 'lo', 'night', 'ka', 'mir', 'cafe', catalog.rareWord.toLowerCase()];
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
  const offset = (count: number) => Math.floor(Math.random() * Math.max(1, count - 50));
  const paths = [
    () => `/api/songs?limit=50&offset=${offset(songCount)}`,
    () => `/api/songs/${catalog.middleSongId}`,
    () => `/api/search?q=${encodeURIComponent(pick(words))}`,
    () => `/api/albums?limit=50&offset=${offset(catalog.albums)}`,
    () => `/api/playlists?limit=50&offset=${offset(catalog.playlists / 2)}`,
    () => `/api/albums/${catalog.bigAlbumId ?? catalog.someAlbumId}/songs?limit=50&offset=${offset(catalog.bigAlbumSongs)}`,
    () => `/api/playlists/${catalog.bigPlaylistId ?? catalog.somePlaylistId}/songs?limit=50&offset=${offset(catalog.bigPlaylistEntries)}`,
    () => `/api/collection/${me}/tracks?limit=50`,
    () => `/api/collection/${me}/liked/${catalog.lastSongId}`,
  ];
  const deadline = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const client = async (index: number) => {
    let liked = false;
    while (Date.now() < deadline && latencies.length < 200_000) {
      const started = performance.now();
      try {
        let response: Response;
        if (index === 0 && Math.random() < 0.3) {
          liked = !liked;
          response = await session.send(liked ? 'POST' : 'DELETE', `/api/collection/${me}/${liked ? 'new' : 'delete'}`, { json: { song_id: catalog.lastSongId } });
        } else {
          response = await session.send('GET', pick(paths)());
        }
        await response.arrayBuffer();
        if (response.status >= 400 && response.status !== 404) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const { maxRssMb } = await sampleRss([pids.api, pids.engine], () => Promise.all(Array.from({ length: clients }, (_, index) => client(index))));
  return { clients, seconds, requests: latencies.length, errors, p50: median(latencies), p99: percentile(latencies, 99), apiMaxRssMb: maxRssMb[0]!, engineMaxRssMb: maxRssMb[1]! };
}
