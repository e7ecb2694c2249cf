import { Injectable } from '@nestjs/common';
import { LYRICS_FILE_EXTENSIONS, LYRICS_FILE_FIELD, LYRICS_MESSAGES, hasExtension, lyricsInputSchema, validate, type DeletedResponse, type Lyrics, type SessionUser } from '@tunafy/contracts';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { requiredSong } from '../catalog/required-records.js';
import { ApiException } from '../common/api-exception.js';
import { SongsRepository, type SongRecord } from '../persistence/songs.repository.js';
import type { EmbeddedLyrics } from '../common/embedded-lyrics.js';
import { LyricsIndex } from './lyrics-index.service.js';
import { decodeLyricsFile, parseLyricsText } from '../common/lyrics-text.js';
import { LyricsRepository, type LyricsRecord } from '../persistence/lyrics.repository.js';

export type FileLyricsOutcome = 'stored' | 'unchanged' | 'none' | 'owned';

/** An uploaded .lrc or .txt, as the lyrics route's interceptor holds it. */
export interface LyricsFile {
  originalname: string;
  buffer: Buffer;
}

/**
 * A song's lyrics (docs/lyrics.md): read by anyone who may see the song, written and removed by its owner. The text
 * lives in `lyrics` (one document per song, by `_id`); the song carries only the time it was stored (`lyrics_at`),
 * which is what lists show as `has_lyrics` and what tells every replica's search index its copy is stale.
 */
@Injectable()
export class LyricsService {
  constructor(
    private readonly lyrics: LyricsRepository,
    private readonly songs: SongsRepository,
    private readonly catalog: CatalogReadModel,
    private readonly index: LyricsIndex,
  ) {}

  async get(id: unknown): Promise<Lyrics> {
    const song = await this.find(id);
    const record = song.lyricsAt === undefined ? null : await this.lyrics.find(song.id);
    if (!record) throw ApiException.notFound('Lyrics');
    return present(record);
  }

  /** The owner's own lyrics replace whatever the file or its .lrc gave (precedence: user > lrc > embedded). */
  async put(user: SessionUser, id: unknown, body: Record<string, unknown>, file: LyricsFile | undefined): Promise<Lyrics> {
    const song = await this.findOwn(user, id);
    const field = file ? LYRICS_FILE_FIELD : 'text';
    const input = validate(lyricsInputSchema, { text: file ? textOfFile(file) : body.text, lang: body.lang });
    if (!input.ok) throw ApiException.validation(file && input.errors.text ? { [LYRICS_FILE_FIELD]: input.errors.text, ...withoutText(input.errors) } : input.errors);
    const parsed = parseLyricsText(input.value.text);
    if (!parsed.ok) throw ApiException.validation({ [field]: parsed.message });
    const record: LyricsRecord = {
      songId: song.id,
      ...parsed.lyrics,
      lang: input.value.lang ? input.value.lang.toLowerCase() : parsed.lyrics.lang,
      source: 'user',
      updatedAt: Date.now(),
    };
    await this.catalog.underRecordLock(`song:${song.id}`, async () => {
      await this.lyrics.put(record);
      const updated = await this.songs.setLyricsAt(song.id, record.updatedAt);
      if (!updated) {
        // Deleted by its owner in another tab meanwhile: its lyrics go with it.
        await this.lyrics.delete(song.id);
        throw ApiException.notFound('Song');
      }
      await this.catalog.publish([{ kind: 'song', id: song.id }], (model) => model.putSong(updated));
    });
    this.index.put(record);
    return present(record);
  }

  async delete(user: SessionUser, id: unknown): Promise<DeletedResponse> {
    const song = await this.findOwn(user, id);
    if (song.lyricsAt === undefined) throw ApiException.notFound('Lyrics');
    await this.catalog.underRecordLock(`song:${song.id}`, async () => {
      // The song first: from then on nobody is sent to lyrics about to go.
      const updated = await this.songs.setLyricsAt(song.id, null);
      if (updated) await this.catalog.publish([{ kind: 'song', id: song.id }], (model) => model.putSong(updated));
      await this.lyrics.delete(song.id);
    });
    this.index.remove(song.id);
    return { id: song.id, deleted: true };
  }

  /**
   * `npm run rescan`'s lyrics (docs/lyrics.md, "Existing libraries"): whether the file's lyrics could change the song's.
   * It has none (and its owner did not remove them), or only lyrics read from its tags before. The owner's own and an
   * `.lrc`'s are never replaced (the stored file has no sidecar to read again, and the owner's word wins).
   */
  async wantsFileLyrics(song: SongRecord): Promise<boolean> {
    if (song.lyricsAt === undefined) return !(await this.songs.lyricsRemoved(song.id));
    const stored = await this.lyrics.find(song.id);
    return stored === null || stored.source === 'embedded';
  }

  /** Stores the lyrics of the file's tags (`found`, as the audio inspector read them) when they differ from the song's. */
  async storeFileLyrics(song: SongRecord, found: EmbeddedLyrics | undefined): Promise<FileLyricsOutcome> {
    if (!found?.lyrics) return 'none';
    const stored = song.lyricsAt === undefined ? null : await this.lyrics.find(song.id);
    if (stored && stored.source !== 'embedded') return 'owned';
    const { synced, plain, lang } = found.lyrics;
    if (stored && sameText(stored, found.lyrics)) return 'unchanged';
    const record: LyricsRecord = { songId: song.id, synced, plain, lang, source: 'embedded', updatedAt: Date.now() };
    const outcome = await this.catalog.underRecordLock(`song:${song.id}`, async (): Promise<FileLyricsOutcome> => {
      if (!(await this.lyrics.putUnlessOwned(record))) return 'owned';
      const updated = await this.songs.setFileLyricsAt(song.id, record.updatedAt);
      if (!updated) {
        // Deleted, or its lyrics removed by the owner, meanwhile: ours go again.
        await this.lyrics.deleteFromFile(song.id);
        return 'owned';
      }
      await this.catalog.publish([{ kind: 'song', id: song.id }], (model) => model.putSong(updated));
      return 'stored';
    });
    if (outcome === 'stored') this.index.put(record);
    return outcome;
  }

  /**
   * The janitor's sweep of lyrics whose song is gone (deleted while the API was down, or a crash between the song's
   * delete and its lyrics'). Only lyrics older than `cutoff` are looked at: an import stores the lyrics before its
   * song. A song id checked and found missing never comes back (ObjectIds are not reused). Answers how many went.
   */
  async deleteOrphans(cutoff: Date): Promise<number> {
    const candidates = await this.lyrics.songIdsStoredBefore(cutoff);
    if (candidates.length === 0) return 0;
    const existing = await this.songs.existingIds(candidates);
    const orphans = candidates.filter((id) => !existing.has(id));
    return orphans.length === 0 ? 0 : this.lyrics.deleteMany(orphans);
  }

  private async find(id: unknown): Promise<SongRecord> {
    return requiredSong(await this.catalog.current(), id);
  }

  private async findOwn(user: SessionUser, id: unknown): Promise<SongRecord> {
    const song = await this.find(id);
    if (song.artistId !== user.id) throw ApiException.forbidden('Only the artist can change this song’s lyrics.');
    return song;
  }
}

export function present(record: LyricsRecord): Lyrics {
  return {
    song_id: record.songId,
    synced: record.synced,
    plain: record.synced ? null : record.plain,
    source: record.source,
    lang: record.lang,
    updated_at: new Date(record.updatedAt).toISOString(),
  };
}

/** An .lrc or .txt in UTF-8 (or UTF-16 with its mark: decodeLyricsFile); anything else is refused by name. */
function textOfFile(file: LyricsFile): string {
  const text = hasExtension(file.originalname, LYRICS_FILE_EXTENSIONS) ? decodeLyricsFile(file.buffer) : null;
  if (text === null) throw ApiException.validation({ [LYRICS_FILE_FIELD]: LYRICS_MESSAGES.notText });
  return text;
}

function withoutText(errors: Record<string, string>): Record<string, string> {
  const { text: _text, ...rest } = errors;
  return rest;
}

function sameText(a: Pick<LyricsRecord, 'synced' | 'plain' | 'lang'>, b: Pick<LyricsRecord, 'synced' | 'plain' | 'lang'>): boolean {
  return a.lang === b.lang && (a.synced ? null : a.plain) === (b.synced ? null : b.plain) && JSON.stringify(a.synced) === JSON.stringify(b.synced);
}
