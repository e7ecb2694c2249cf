import type { Lyrics } from '@tunafy/contracts';
import { useEffect, useState } from 'react';
import { fetchLyrics } from './lyrics-api';

export type LyricsLoad = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; lyrics: Lyrics | null } | { status: 'failed' };

/** The last few songs' answers: going back and forth in a queue does not fetch again. */
const cache = new Map<string, Lyrics | null>();
const CACHE_SIZE = 20;

/** The lyrics of the song `songId` names, fetched when it changes; a song edited meanwhile shows its new lyrics on the next song change. */
export function useLyrics(songId: string | null, fetcher: (id: string) => Promise<Lyrics | null> = fetchLyrics): LyricsLoad {
  const [load, setLoad] = useState<LyricsLoad>(() => (songId && cache.has(songId) ? { status: 'ready', lyrics: cache.get(songId)! } : { status: songId ? 'loading' : 'idle' }));
  useEffect(() => {
    if (!songId) {
      setLoad({ status: 'idle' });
      return;
    }
    if (cache.has(songId)) {
      setLoad({ status: 'ready', lyrics: cache.get(songId)! });
      return;
    }
    let live = true;
    setLoad({ status: 'loading' });
    fetcher(songId).then(
      (lyrics) => {
        cache.set(songId, lyrics);
        if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
        if (live) setLoad({ status: 'ready', lyrics });
      },
      () => live && setLoad({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [songId, fetcher]);
  return load;
}

/** Tests start each case without what an earlier one fetched. */
export function clearLyricsCache(): void {
  cache.clear();
}
