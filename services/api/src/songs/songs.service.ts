import { Inject, Injectable, Optional } from '@nestjs/common';
import { songFieldsSchema, validate, type DeletedResponse, type PageQuery, type SessionUser, type Song } from '@tunafy/contracts';
import { LikesRepository } from '../persistence/likes.repository.js';
import { LoudnessService } from '../loudness/loudness.service.js';
import { LyricsRepository } from '../persistence/lyrics.repository.js';
import { ApiException } from '../common/api-exception.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { requiredSong } from '../catalog/required-records.js';
import { catalogListSource, type ListSource } from '../catalog/list-source.js';
import { MemoryCatalogReads } from '../catalog/reads/memory-catalog-reads.js';
import { CATALOG_READS, type CatalogReads } from '../catalog/reads/read-port.js';
import type { MediaUpload, StoredMedia } from '../media/media-store.js';
import { SongHashClaims, sha256OfBytes } from '../imports/song-hash-claims.service.js';
import { MediaUploads } from '../media/media-uploads.js';
import { SharedCovers } from '../media/shared-covers.js';
import { PlaylistEntriesRepository } from '../persistence/playlist-entries.repository.js';
import { SongPresenter } from './song-presenter.js';
import { invalidForm } from '../common/upload-errors.js';
import { SongsRepository, type SongPatch, type SongRecord } from '../persistence/songs.repository.js';

export interface SongFiles {
  cover?: Express.Multer.File;
  audio?: Express.Multer.File;
}

/**
 * Songs: reads, and the writes with their ownership rules and the order of
 * their side effects. There are no transactions (FerretDB has none), so every
 * write is ordered to leave a valid state after each step: files are stored
 * before a record points at them and discarded only after no record does.
 */
@Injectable()
export class SongsService {
  private readonly reads: CatalogReads;

  constructor(
    private readonly songs: SongsRepository,
    private readonly playlistEntries: PlaylistEntriesRepository,
    private readonly likes: LikesRepository,
    private readonly presenter: SongPresenter,
    private readonly catalog: CatalogReadModel,
    private readonly uploads: MediaUploads,
    private readonly hashes: SongHashClaims,
    private readonly covers: SharedCovers,
    // Optional for the unit tests that build the service by hand.
    @Optional() private readonly loudness?: LoudnessService,
    @Optional() private readonly lyrics?: LyricsRepository,
    // The configured read port; the unit tests that build the service by hand read their model through the memory one.
    @Optional() @Inject(CATALOG_READS) reads?: CatalogReads,
  ) {
    this.reads = reads ?? new MemoryCatalogReads(catalog);
  }

  /** Oldest first: the whole list (the spec's) or any page of it, as the HTTP edge asks. */
  async list(): Promise<ListSource<SongRecord>> {
    return catalogListSource(await this.catalog.current(), 'songs', (request) => this.reads.songsPage(request), (rows) => this.presenter.present(rows));
  }

  async get(id: unknown): Promise<Song> {
    return this.presenter.presentOne(await this.find(id));
  }

  /** The artist is the session user and the duration is read from the mp3: the client's artist_id and duration are ignored. */
  async create(user: SessionUser, body: Record<string, unknown>, files: SongFiles): Promise<Song> {
    const [fields, cover, audio] = await Promise.all([
      Promise.resolve(validate(songFieldsSchema, body)),
      this.uploads.checkCover(files.cover, { field: 'song_cover_url', required: true }),
      this.uploads.checkSong(files.audio, { field: 'song_file_url', required: true }),
    ]);
    const errors: Record<string, string> = fields.ok ? {} : { ...fields.errors };
    if (!cover.ok) errors.song_cover_url = cover.message;
    if (!audio.ok) errors.song_file_url = audio.message;
    if (!fields.ok || !cover.ok || !audio.ok || !cover.upload || !audio.upload) throw invalidForm(errors);

    const albumId = fields.value.album_id ?? null;
    if (albumId) await this.requireOwnAlbum(user, albumId);

    const contentHash = sha256OfBytes(audio.upload.data);
    const [storedCover, storedAudio] = await this.uploads.storeAll([cover.upload, audio.upload]);
    let record: SongRecord;
    try {
      record = await this.songs.create({
        name: fields.value.song_name,
        artistId: user.id,
        albumId,
        coverFileId: storedCover!.id,
        audioFileId: storedAudio!.id,
        duration: audio.upload.duration,
        contentHash,
      });
    } catch (error) {
      await this.uploads.discard([storedCover!.id, storedAudio!.id]);
      throw error;
    }
    await this.catalog.publish([{ kind: 'song', id: record.id }], (model) => model.putSong(record));
    // The form stores the song even if the user has these bytes already (SPEC); a bulk upload of them later is a duplicate.
    await this.hashes.adopt(user.id, contentHash, record.id);
    // In the background, after the answer: the form's speed does not wait for ffmpeg.
    this.loudness?.measureLater(record);
    return this.presenter.presentOne(record);
  }

  /**
   * Renames and optionally replaces the cover and/or the audio. Album
   * membership is not changed here (that is PUT /albums/:id/add and /remove),
   * so an album_id in the form is ignored.
   */
  async update(user: SessionUser, id: unknown, body: Record<string, unknown>, files: SongFiles): Promise<Song> {
    const song = await this.findOwn(user, id);
    const [fields, cover, audio] = await Promise.all([
      Promise.resolve(validate(songFieldsSchema.pick({ song_name: true }), body)),
      this.uploads.checkCover(files.cover, { field: 'song_cover_url', required: false }),
      this.uploads.checkSong(files.audio, { field: 'song_file_url', required: false }),
    ]);
    const errors: Record<string, string> = fields.ok ? {} : { ...fields.errors };
    if (!cover.ok) errors.song_cover_url = cover.message;
    if (!audio.ok) errors.song_file_url = audio.message;
    if (!fields.ok || !cover.ok || !audio.ok) throw invalidForm(errors);

    const [storedCover, storedAudio] = await storePresent(this.uploads, [cover.upload, audio.upload]);
    const stored = [storedCover, storedAudio].filter((file) => file !== null);
    const patch: SongPatch = { name: fields.value.song_name };
    if (storedCover) patch.coverFileId = storedCover.id;
    if (storedAudio && audio.upload) {
      patch.audioFileId = storedAudio.id;
      patch.duration = audio.upload.duration;
      // The form takes mp3 only; a song imported as FLAC or Opus is an mp3 from now on, and the player must probe for that.
      patch.audioFormat = 'mp3';
      patch.contentHash = sha256OfBytes(audio.upload.data);
    }

    // Serialized per song, so two racing updates reach the read model in the order the database took them.
    const { record: previous, contentHash: previousHash } = await this.catalog.underRecordLock(`song:${song.id}`, async () => {
      let before: Awaited<ReturnType<SongsRepository['updateReturningPrevious']>>;
      try {
        before = await this.songs.updateReturningPrevious(song.id, patch);
      } catch (error) {
        await this.uploads.discard(stored.map((file) => file.id));
        throw error;
      }
      if (!before) {
        // Deleted by its artist in another tab while this upload ran.
        await this.uploads.discard(stored.map((file) => file.id));
        throw ApiException.notFound('Song');
      }
      const after = withoutOldLoudness({ ...before.record, ...definedOnly(patch) } as SongRecord, patch);
      await this.catalog.publish([{ kind: 'song', id: song.id }], (model) => model.putSong(after));
      return before;
    });
    // Only now does this record no longer point at the replaced files; a cover may still be its album's (SharedCovers).
    if (patch.coverFileId && previous.coverFileId !== patch.coverFileId) await this.covers.release([previous.coverFileId]);
    if (patch.audioFileId && previous.audioFileId !== patch.audioFileId) await this.uploads.discard([previous.audioFileId]);
    if (patch.contentHash && previousHash !== patch.contentHash) {
      // The old bytes are no longer this song's: uploading them again must not answer "duplicate" of it.
      if (previousHash) await this.hashes.release(user.id, previousHash, song.id);
      await this.hashes.adopt(user.id, patch.contentHash, song.id);
    }
    const current = withoutOldLoudness({ ...previous, ...definedOnly(patch) } as SongRecord, patch);
    if (patch.audioFileId) this.loudness?.measureLater(current);
    return this.presenter.presentOne(current);
  }

  /**
   * Removes the song from every playlist and collection first, then the
   * record, then its files: a reader in between sees either the song with
   * fewer references, or no song and no reference to it, never a reference to
   * a missing song or a song with missing files. A crash midway leaves only
   * what the janitor sweeps (unreferenced files).
   *
   * The references go by their ids, which the read model holds: a delete by
   * `song_id` reads the whole collection on the embedded engine (seconds at
   * 100,000 songs). A reference this copy does not hold yet (added a moment
   * ago through another replica) stays behind a moment: readers never see it
   * (the read model drops references to missing songs), and the replica that
   * recorded it deletes its row when it applies this delete (CatalogLoader.apply).
   */
  async delete(user: SessionUser, id: unknown): Promise<DeletedResponse> {
    const song = await this.findOwn(user, id);
    await this.catalog.underRecordLock(`song:${song.id}`, async () => {
      const references = (await this.catalog.current()).songReferences(song.id);
      await this.playlistEntries.deleteByIds(references.entryIds);
      await this.likes.deleteByIds(references.likeIds);
      await this.songs.delete(song.id);
      // A like or entry recorded here while the deletes above ran: its writer saw the song still there.
      let late: { entryIds: string[]; likeIds: string[] } = { entryIds: [], likeIds: [] };
      await this.catalog.publish([{ kind: 'song', id: song.id }], (model) => {
        late = model.songReferences(song.id);
        model.deleteSong(song.id);
      });
      const known = new Set([...references.entryIds, ...references.likeIds]);
      const lateEntries = late.entryIds.filter((entryId) => !known.has(entryId));
      const lateLikes = late.likeIds.filter((likeId) => !known.has(likeId));
      if (lateEntries.length > 0) await this.playlistEntries.deleteByIds(lateEntries);
      if (lateLikes.length > 0) await this.likes.deleteByIds(lateLikes);
    });
    // An imported song's cover may be its album's (SharedCovers): a shared one goes when the janitor finds it unused.
    // Its lyrics go after the song, so no reader is sent to lyrics already gone.
    await Promise.all([this.covers.release([song.coverFileId]), this.uploads.discard([song.audioFileId]), this.lyrics?.delete(song.id)]);
    return { id: song.id, deleted: true };
  }

  private async find(id: unknown): Promise<SongRecord> {
    return requiredSong(await this.catalog.current(), id);
  }

  private async findOwn(user: SessionUser, id: unknown): Promise<SongRecord> {
    const song = await this.find(id);
    if (song.artistId !== user.id) throw ApiException.forbidden('Only the artist can change this song.');
    return song;
  }

  private async requireOwnAlbum(user: SessionUser, albumId: string): Promise<void> {
    const album = (await this.catalog.current()).album(albumId);
    if (!album) throw ApiException.notFound('Album');
    if (album.artistId !== user.id) throw ApiException.forbidden('You can only add songs to your own albums.');
  }
}

/** Stores the uploads that are there, all or nothing, answering a stored file (or null) per position. */
async function storePresent(uploads: MediaUploads, candidates: (MediaUpload | null)[]): Promise<(StoredMedia | null)[]> {
  const present = candidates.filter((upload) => upload !== null);
  const stored = present.length > 0 ? await uploads.storeAll(present) : [];
  let next = 0;
  return candidates.map((upload) => (upload ? stored[next++]! : null));
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

/** New audio drops the old audio's loudness (the repository cleared it too); it is measured again. */
function withoutOldLoudness(song: SongRecord, patch: SongPatch): SongRecord {
  if (patch.audioFileId === undefined) return song;
  const { loudness: _loudness, albumLoudness: _albumLoudness, ...rest } = song;
  return rest;
}
