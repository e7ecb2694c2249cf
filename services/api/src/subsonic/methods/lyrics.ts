import { Injectable } from '@nestjs/common';
import type { CatalogModel } from '../../catalog/catalog-model.js';
import { CatalogReadModel } from '../../catalog/catalog-read-model.js';
import { foldText } from '../../catalog/search-text.js';
import { isId } from '../../common/ids.js';
import { LyricsRepository, type LyricsRecord } from '../../persistence/lyrics.repository.js';
import type { SongRecord } from '../../persistence/songs.repository.js';
import { SubsonicError } from '../protocol/subsonic-error.js';
import { ok, type SubsonicCall, type SubsonicMethodGroup } from '../subsonic-method.js';
import { SubsonicView } from '../subsonic-view.js';

/** Songs whose title matches looked at for the legacy getLyrics: enough for a title several artists recorded. */
const TITLE_CANDIDATES = 50;

/**
 * Lyrics for apps (docs/lyrics.md, docs/subsonic.md): the OpenSubsonic `songLyrics` extension's getLyricsBySongId,
 * from the same `lyrics` documents the web's GET /api/songs/{id}/lyrics reads, and the original API's getLyrics by
 * artist and title. Any member may read any song's lyrics, as any member may play it.
 */
@Injectable()
export class LyricsMethods implements SubsonicMethodGroup {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly lyrics: LyricsRepository,
  ) {}

  readonly methods = {
    getLyricsBySongId: async (call: SubsonicCall) => {
      const id = call.params.required('id');
      const model = await this.catalog.current();
      const song = isId(id) ? model.song(id.toLowerCase()) : null;
      if (!song) throw SubsonicError.notFound('Song');
      const record = song.lyricsAt === undefined ? null : await this.lyrics.find(song.id);
      // No lyrics is an empty list, not an error (the extension's text).
      return ok({ lyricsList: { structuredLyrics: record ? [this.structured(model, call.user.id, song, record)] : [] } });
    },
    getLyrics: async (call: SubsonicCall) => {
      const artist = call.params.string('artist') ?? '';
      const title = call.params.string('title') ?? '';
      const model = await this.catalog.current();
      const view = new SubsonicView(model, call.user.id);
      const song = title.trim() ? this.findByTitle(model, view, artist, title) : null;
      const record = song ? await this.lyrics.find(song.id) : null;
      if (!song || !record) return ok({ lyrics: { value: '' } });
      return ok({ lyrics: { artist: view.child(song).artist, title: song.name, value: textOf(record) } });
    },
  } satisfies SubsonicMethodGroup['methods'];

  private structured(model: CatalogModel, userId: string, song: SongRecord, record: LyricsRecord) {
    const child = new SubsonicView(model, userId).child(song);
    const line = record.synced ? record.synced.map((entry) => ({ start: entry.start_ms, value: entry.text })) : (record.plain ?? '').split('\n').map((value) => ({ value }));
    return {
      displayArtist: child.artist,
      displayTitle: song.name,
      // "und" when unknown, as the extension asks (an LRC file usually names none).
      lang: record.lang ?? 'und',
      synced: record.synced !== null,
      // The stored times already include the LRC's [offset:].
      offset: 0,
      line,
    };
  }

  /** The legacy call names a song by title (and artist): the first one with lyrics whose title and artist match, ignoring case and accents. */
  private findByTitle(model: CatalogModel, view: SubsonicView, artist: string, title: string): SongRecord | null {
    const wantedTitle = foldText(title.trim());
    const wantedArtist = foldText(artist.trim());
    const matches = model.searchSongs(title, TITLE_CANDIDATES).filter((song) => song.lyricsAt !== undefined && foldText(song.name) === wantedTitle);
    return matches.find((song) => !wantedArtist || view.songArtists(song).some((credit) => foldText(credit.name) === wantedArtist)) ?? null;
  }
}

function textOf(record: LyricsRecord): string {
  return record.synced ? record.synced.map((line) => line.text).join('\n') : (record.plain ?? '');
}
