import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { Injectable, Optional } from '@nestjs/common';
import { AUDIO_FORMAT_INFO, IMPORT_MESSAGES, importFieldsSchema, tagsFromFileName, validate, type ImportedTags } from '@tunafy/contracts';
import mongoose from 'mongoose';
import type { AlbumRecord } from '../persistence/albums.repository.js';
import { AlbumCredits } from '../artists/album-credits.service.js';
import { ArtistResolver } from '../artists/artist-resolver.service.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { ApiException } from '../common/api-exception.js';
import { LoudnessService } from '../loudness/loudness.service.js';
import { LyricsRepository } from '../persistence/lyrics.repository.js';
import { decodeLyricsFile, parseLyricsText, type CleanLyrics } from '../common/lyrics-text.js';
import { borrowChunk, giveBack } from '../media/chunk-buffers.js';
import { MediaStore, type StoredMedia } from '../media/media-store.js';
import { MediaUploads } from '../media/media-uploads.js';
import { SharedCovers } from '../media/shared-covers.js';
import { SongsRepository, type SongRecord } from '../persistence/songs.repository.js';
import { AlbumResolver } from './album-resolver.service.js';
import { AudioInspector, type FileTags } from './audio-inspector.service.js';
import { CoverArt, type CoverSource } from './cover-art.js';
import { SongHashClaims } from './song-hash-claims.service.js';

/** The field an upload's file problems are keyed by (the multipart field of the audio). */
export const AUDIO_FIELD = 'file';

/**
 * A song whose claim exists but which is not stored yet is taken as still
 * uploading for SONG_CLAIM_IN_FLIGHT_MS (a 320 MB WAV into GridFS on a slow
 * engine takes minutes), then as left behind by a crash.
 */
export { SONG_CLAIM_IN_FLIGHT_MS } from './song-hash-claims.service.js';

export interface ImportSource {
  /** The audio on local disk: a spooled upload, or a file of the folder being imported. */
  path: string;
  /** Its original name: the last default for title and track, and the stored file's name. */
  fileName: string;
  /** SHA-256 of the bytes when the caller hashed them on the way in; computed here otherwise. */
  sha256?: string;
  /** The store may move the file into its local copy (spools only). */
  adopt: boolean;
  /** A picture beside the file (cover.jpg, folder.jpg) or sent with it. */
  sidecarCover?: { data: Buffer; fileName: string };
  /** The `.lrc` of the same name beside it, or sent with it (docs/lyrics.md); it wins over the file's own lyrics. */
  sidecarLyrics?: { data: Buffer; fileName: string };
}

export type ImportOutcome =
  | {
      status: 'imported';
      song: SongRecord;
      album: AlbumRecord | null;
      albumCreated: boolean;
      cover: CoverSource;
      tags: ImportedTags;
      lyrics: 'embedded' | 'lrc' | null;
      /** What was dropped without failing the file (lyrics that could not be read), for the report. */
      warnings: string[];
    }
  | { status: 'duplicate'; song: SongRecord };

/**
 * The one copy of the bulk-upload rules, used by the upload endpoint and the
 * folder import alike (docs/import.md):
 * - the format by the bytes, the duration and tags read here, never taken
 *   from the client; edits sent with the file win over tags, tags over the
 *   file name;
 * - the same bytes twice for one user is a duplicate: answered with the song
 *   that has them, nothing stored;
 * - the album tag finds or creates one of the uploader's albums;
 * - every song gets a cover (embedded, beside it, its album's, or generated).
 * No transactions: files are stored first, then the album, then the song;
 * whatever step fails, what this call stored is removed again (files, a new
 * empty album, its claims), and the janitor sweeps what a crash leaves.
 */
@Injectable()
export class SongImporter {
  constructor(
    private readonly inspector: AudioInspector,
    private readonly covers: CoverArt,
    private readonly albums: AlbumResolver,
    private readonly claims: SongHashClaims,
    private readonly songs: SongsRepository,
    private readonly store: MediaStore,
    private readonly uploads: MediaUploads,
    private readonly catalog: CatalogReadModel,
    private readonly sharedCovers: SharedCovers,
    private readonly artists: ArtistResolver,
    private readonly albumCredits: AlbumCredits,
    // Optional for the unit tests that build the importer by hand.
    @Optional() private readonly loudness?: LoudnessService,
    @Optional() private readonly lyricsStore?: LyricsRepository,
  ) {}

  async importFile(userId: string, source: ImportSource, edits: unknown = {}): Promise<ImportOutcome> {
    const fields = validate(importFieldsSchema, edits ?? {});
    if (!fields.ok) throw ApiException.validation(fields.errors);
    const sha256 = source.sha256 ?? (await sha256Of(source.path));
    // Claimed before parsing: a folder imported again is all duplicates, answered without reading a tag; and a new
    // file costs one insert here rather than a look-up and then an insert (each a table scan on the embedded engine).
    const songId = new mongoose.Types.ObjectId().toHexString();
    const claim = await this.claims.claimFor(userId, sha256, songId);
    if ('duplicate' in claim) return { status: 'duplicate', song: claim.duplicate };
    if ('inFlight' in claim) {
      const message = 'This file is being uploaded right now.';
      throw new ApiException(409, 'CONFLICT', message, { [AUDIO_FIELD]: message });
    }

    // What this call stored, created or was given (a shared cover): what a failed import gives back. The audio and the
    // cover are stored at the same time, so each is noted as it lands.
    const toUndo: { audio: Promise<StoredMedia> | null; cover: string | null; album: AlbumRecord | null; lyrics: boolean } = { audio: null, cover: null, album: null, lyrics: false };
    const storeAudio = (contentType: string) => {
      toUndo.audio = this.store.saveFile({ kind: 'audio', contentType, fileName: source.fileName, path: source.path, adopt: source.adopt });
      // Awaited below (or by the clean-up); until then a failure must not count as unhandled.
      toUndo.audio.catch(() => undefined);
      return toUndo.audio;
    };
    try {
      // One open of the file for its size, its signature and (a small file) its bytes, for the parse.
      const probe = await this.inspector.probe(source.path);
      const container = await this.inspector.container(probe);
      if (!container) throw unsupported(IMPORT_MESSAGES.unsupportedFormat);
      const { size } = probe;
      // The audio goes into storage while this process parses it (the engine's work and ours overlap), with its
      // container's content type, which is its format's (AudioInspector.container). A file too big for every format
      // of its container is not stored at all; one the parse refuses is deleted again below.
      if (size <= container.maxBytes) storeAudio(container.contentType);
      const inspection = await this.inspector.inspect(probe);
      // Dropped at once: a parse from memory takes no I/O, so the bytes die young. Held while the GridFS write runs
      // (which streams the file from disk in short-lived chunks), they outlived young-generation collections and
      // added full ones, which cost more CPU than the reads they saved (measured: docs/import.md).
      probe.data = null;
      if (!inspection.ok) throw unsupported(inspection.reason === 'unsupported' ? IMPORT_MESSAGES.unsupportedFormat : IMPORT_MESSAGES.noDuration);
      if (size > AUDIO_FORMAT_INFO[inspection.format].maxBytes) {
        const message = IMPORT_MESSAGES.tooLarge(inspection.format);
        throw new ApiException(413, 'PAYLOAD_TOO_LARGE', message, { [AUDIO_FIELD]: message });
      }
      const tags = mergeTags(fields.value, inspection.tags, source.fileName);
      // Credits and the album are settled while the audio is still being written.
      let creditIds: string[] = [];
      const albumWithCredits = (async () => {
        const credits = await this.artists.resolveFile(inspection.tags, tags.album !== null);
        creditIds = credits.creditIds;
        if (!tags.album) return null;
        const name = tags.album;
        const { albumArtistId } = credits;
        const resolved = await this.albums.findOrCreate(
          userId,
          name,
          async () => (await this.covers.choose({ embedded: inspection.tags.picture, sidecar: source.sidecarCover, seedText: name }, source.fileName)).upload,
          albumArtistId,
        );
        if (resolved.created) toUndo.album = resolved.album;
        return this.albumCredits.credit(resolved.album, albumArtistId);
      })();
      // Both settle before anything is judged, so the clean-up never runs beside a step still storing something.
      const [audio, credited] = await Promise.allSettled([toUndo.audio ?? storeAudio(inspection.contentType), albumWithCredits]);
      if (audio.status === 'rejected') throw audio.reason;
      if (credited.status === 'rejected') throw credited.reason;
      const album = credited.value;
      // Usually the album's own file (the same embedded art), shared rather than stored again; given out right before
      // the song is written, as SharedCovers needs (a shared file is deleted once not given out for a while).
      const cover = await this.covers.fileFor(
        userId,
        { embedded: inspection.tags.picture, sidecar: source.sidecarCover, albumCoverFileId: album?.coverFileId, seedText: tags.album ?? tags.title },
        source.fileName,
      );
      toUndo.cover = cover.fileId;
      // Bad lyrics never fail the song: they are left out with a warning. Stored before the song points at them.
      const lyrics = chooseLyrics(source, inspection.tags.lyrics);
      let lyricsAt: number | undefined;
      if (lyrics.chosen && this.lyricsStore) {
        lyricsAt = Date.now();
        toUndo.lyrics = true;
        await this.lyricsStore.put({ songId, ...lyrics.chosen.lyrics, source: lyrics.chosen.source, updatedAt: lyricsAt });
      }
      const song = await this.songs.create({
        id: songId,
        name: tags.title,
        artistId: userId,
        albumId: album?.id ?? null,
        coverFileId: cover.fileId,
        audioFileId: audio.value.id,
        duration: inspection.duration,
        contentHash: sha256,
        tags: {
          audioFormat: inspection.format,
          ...(tags.disc !== null ? { disc: tags.disc } : {}),
          ...(tags.track !== null ? { track: tags.track } : {}),
          ...(tags.year !== null ? { year: tags.year } : {}),
          ...(tags.genre !== null ? { genre: tags.genre } : {}),
          ...(creditIds.length > 0 ? { creditIds } : {}),
          // ReplayGain tags: a song that carries its track gain needs no analysis.
          ...(inspection.tags.loudness?.track !== undefined ? { loudness: inspection.tags.loudness.track } : {}),
          ...(inspection.tags.loudness?.album !== undefined ? { albumLoudness: inspection.tags.loudness.album } : {}),
          ...(lyricsAt !== undefined ? { lyricsAt } : {}),
        },
      });
      await this.catalog.publish([{ kind: 'song', id: song.id }], (model) => model.putSong(song));
      // In the background: an upload's answer never waits for ffmpeg.
      this.loudness?.measureLater(song);
      if (toUndo.album) await this.albums.settle(userId, toUndo.album);
      // Best effort, and not waited for: without the mark, a re-upload after this song is deleted waits out the in-flight window.
      this.claims.settle(userId, sha256, songId);
      return {
        status: 'imported',
        song,
        album,
        albumCreated: toUndo.album !== null,
        cover: cover.source,
        tags,
        lyrics: lyricsAt !== undefined ? lyrics.chosen!.source : null,
        warnings: lyrics.warnings,
      };
    } catch (error) {
      try {
        const audio = await toUndo.audio?.catch(() => null);
        if (audio) await this.uploads.discard([audio.id]);
        await this.sharedCovers.release([toUndo.cover]);
        if (toUndo.lyrics) await this.lyricsStore?.delete(songId);
        if (toUndo.album) await this.albums.discardIfEmpty(userId, toUndo.album);
      } finally {
        // Whatever the clean-up met: another import of these bytes in this process waits for this release.
        await this.claims.release(userId, sha256, songId);
      }
      throw error;
    }
  }

  /** Which of these hashes the user already has as a song: hash to song id. */
  async duplicatesOf(userId: string, hashes: string[]): Promise<Record<string, string>> {
    return this.claims.holdersOf(userId, hashes);
  }
}

/** Edits win (an empty edit clears), then the file's tags, then what its name says. */
export function mergeTags(edits: Partial<Record<keyof ImportedTags, string | number | null | undefined>>, tags: FileTags, fileName: string): ImportedTags {
  const fromName = tagsFromFileName(fileName);
  const pick = <K extends keyof ImportedTags>(key: K, fallback: ImportedTags[K]): ImportedTags[K] =>
    edits[key] !== undefined ? (edits[key] as ImportedTags[K]) : ((tags[key as keyof FileTags] as ImportedTags[K] | undefined) ?? fallback);
  return {
    title: (edits.title as string | undefined) ?? tags.title ?? fromName.title,
    album: pick('album', null),
    track: pick('track', fromName.track),
    disc: pick('disc', fromName.disc),
    year: pick('year', null),
    genre: pick('genre', null),
  };
}

/**
 * Which lyrics a new song keeps (docs/lyrics.md): a sidecar `.lrc` over the file's own (timed over plain, as
 * embeddedLyrics picks). One that cannot be used is a warning, and the next source is tried.
 */
export function chooseLyrics(
  source: Pick<ImportSource, 'sidecarLyrics'>,
  embedded: FileTags['lyrics'],
): { chosen: { lyrics: CleanLyrics; source: 'lrc' | 'embedded' } | null; warnings: string[] } {
  const warnings: string[] = [];
  const dropped = (count: number, where: string) => {
    if (count > 0) warnings.push(`${count} ${count === 1 ? 'line' : 'lines'} of the lyrics in ${where} could not be read and ${count === 1 ? 'was' : 'were'} left out.`);
  };
  if (source.sidecarLyrics) {
    const where = `"${source.sidecarLyrics.fileName}"`;
    const text = decodeLyricsFile(source.sidecarLyrics.data);
    const parsed = text === null ? null : parseLyricsText(text);
    if (parsed?.ok) {
      dropped(parsed.dropped, where);
      return { chosen: { lyrics: parsed.lyrics, source: 'lrc' }, warnings };
    }
    warnings.push(`The lyrics in ${where} were not kept: ${parsed ? parsed.message : 'it is not text in UTF-8 or UTF-16.'}`);
  }
  if (embedded?.lyrics) {
    dropped(embedded.dropped, 'the file’s tags');
    return { chosen: { lyrics: embedded.lyrics, source: 'embedded' }, warnings };
  }
  if (embedded?.problem) warnings.push(`The lyrics in the file’s tags were not kept: ${embedded.problem}`);
  return { chosen: null, warnings };
}

function unsupported(message: string): ApiException {
  return new ApiException(415, 'UNSUPPORTED_MEDIA_TYPE', message, { [AUDIO_FIELD]: message });
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  // Through a borrowed chunk: a fresh buffer per read is memory outside V8's heap, and V8 answers each few MB of it
  // with a full collection; a CLI import hashed every file that way (docs/benchmarks.md, "Covers (issue 31)").
  const file = await open(path, 'r');
  const chunk = borrowChunk();
  try {
    for (;;) {
      const { bytesRead } = await file.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      hash.update(chunk.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
    giveBack(chunk);
  }
  return hash.digest('hex');
}
