import type { Song } from '@tunafy/contracts';
import type { QueueItem } from '@tunafy/event-bus';

/** What a library row puts on the player's queue for a song (mf-library's toQueueItem, as the bus contract has it). */
export function queueItemOf(song: Song): QueueItem {
  return {
    id: song.id,
    song_name: song.song_name,
    artist_username: song.artist_username,
    artist_id: song.artist_id,
    song_cover_url: song.song_cover_url,
    song_file_url: song.song_file_url,
    duration: song.duration,
    album_id: song.album_id,
    album_name: song.album_name,
    ...(song.artists ? { artists: song.artists } : {}),
    ...(song.audio_format ? { audio_format: song.audio_format } : {}),
    ...(song.loudness ? { loudness: song.loudness } : {}),
  };
}
