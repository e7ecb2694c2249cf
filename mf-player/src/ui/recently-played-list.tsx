import { useCallback, useEffect, useState } from 'react';
import type { Song } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { creditNames } from '@tunafy/ui';
import { formatTime } from '../lib/format-time';
import { useBusPlayerState } from '../lib/bus-player-state';
import { listeningApi, type ListeningApi } from '../playback/listening-api';
import { songToQueueItem } from '../playback/persistence';
import { Cover } from './cover';
import styles from './recently-played-list.module.css';
import shared from './shared.module.css';

export const RECENTLY_PLAYED_SOURCE = 'recently-played';

interface RecentlyPlayedListProps {
  limit?: number;
  api?: ListeningApi;
  /** Heading level of the list title, to fit the page around it; no title when omitted. */
  title?: { text: string; level: 2 | 3 };
}

/**
 * The user's recently played songs (GET /api/me/recently-played). Choosing one
 * queues the whole list from that song, over the bus like any list page. It
 * refreshes when the song changes: the one before has been counted by then.
 */
export function RecentlyPlayedList({ limit = 20, api = listeningApi, title }: RecentlyPlayedListProps) {
  const [songs, setSongs] = useState<Song[] | null>(null);
  const [failed, setFailed] = useState(false);
  const player = useBusPlayerState();
  const currentId = player?.current?.id ?? null;

  const load = useCallback(
    (signal: { cancelled: boolean }) => {
      api.recentlyPlayed(limit).then(
        (list) => {
          if (signal.cancelled) return;
          setSongs(list);
          setFailed(false);
        },
        () => !signal.cancelled && setFailed(true),
      );
    },
    [api, limit],
  );

  useEffect(() => {
    const signal = { cancelled: false };
    load(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [load, currentId]);

  const play = (index: number) => {
    if (!songs) return;
    getEventBus().publish('player:command', { type: 'play-list', songs: songs.map(songToQueueItem), index, source: RECENTLY_PLAYED_SOURCE });
  };

  const Heading = title ? (`h${title.level}` as const) : null;
  return (
    <div className={styles.recent}>
      {Heading && <Heading className={styles.heading}>{title!.text}</Heading>}
      {failed && !songs ? (
        <p className={styles.message}>
          Couldn&apos;t load your recently played songs.{' '}
          <button type="button" className={styles.retry} onClick={() => load({ cancelled: false })}>
            Try again
          </button>
        </p>
      ) : !songs ? (
        <p className={styles.message} role="status">
          Loading…
        </p>
      ) : songs.length === 0 ? (
        <p className={styles.message}>Songs you play show up here.</p>
      ) : (
        <ol className={styles.list} aria-label="Recently played songs">
          {songs.map((song, index) => {
            const current = song.id === currentId;
            return (
              <li key={song.id}>
                <button type="button" className={styles.row} aria-current={current || undefined} onClick={() => play(index)}>
                  <Cover src={song.song_cover_url} size={40} />
                  <span className={`${shared.lines} ${styles.text}`}>
                    <span className={`${shared.line} ${styles.title}`}>
                      <span className={shared.srOnly}>Play</span> {song.song_name}
                    </span>{' '}
                    <span className={`${shared.line} ${styles.artist}`}>
                      <span className={shared.srOnly}>by</span> {creditNames(song)}
                      <span className={shared.srOnly}>,</span>
                    </span>
                  </span>{' '}
                  <span className={styles.duration}>{formatTime(song.duration)}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
