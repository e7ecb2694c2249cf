import { readFile } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { COVER_SIZES, snapCoverSize } from '@tunafy/contracts';
import { CatalogReadModel } from '../../catalog/catalog-read-model.js';
import type { CatalogModel } from '../../catalog/catalog-model.js';
import { isId } from '../../common/ids.js';
import { MediaStore } from '../../media/media-store.js';
import { SongStreams } from '../../streaming/song-streams.service.js';
import { subsonicStreamAsk } from '../../media/transcoding/stream-plan.js';
import type { SongRecord } from '../../persistence/songs.repository.js';
import { UnreadableCover } from '../../media/picture-header.js';
import { CoverPipeline } from '../../covers/covers.service.js';
import { COVER_SIZE_MAX, CoverResizer } from '../../covers/cover-resizer.service.js';
import { SUBSONIC_ERRORS, SubsonicError } from '../protocol/subsonic-error.js';
import type { SubsonicParams } from '../protocol/subsonic-params.js';
import { SubsonicLibrary } from '../subsonic-library.js';
import type { SubsonicAnswer, SubsonicCall, SubsonicMethodGroup } from '../subsonic-method.js';
import { SubsonicView } from '../subsonic-view.js';

/** What an app asks of a stream beyond the song; read leniently, since an odd value must never stop playback. */
export interface StreamRequest {
  maxBitRate: number | null;
  format: string | null;
  timeOffset: number | null;
  estimateContentLength: boolean;
}

const numberOf = (raw: string | undefined) => (raw === undefined || raw === '' || !Number.isFinite(Number(raw)) ? null : Number(raw));

export function streamRequest(params: SubsonicParams): StreamRequest {
  return {
    maxBitRate: numberOf(params.string('maxBitRate')),
    format: params.string('format') || null,
    timeOffset: numberOf(params.string('timeOffset')),
    estimateContentLength: params.string('estimateContentLength') === 'true',
  };
}

/** A song title as a download's file name: no path separators or characters file systems refuse. */
const fileNamePart = (text: string) => text.replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/gu, '_').trim().slice(0, 120) || 'song';

/** `size` of getCoverArt: at least 1; above COVER_SIZE_MAX an app gets that (apps ask for their screen, not for a limit). */
function coverSize(params: SubsonicParams): number | undefined {
  const size = params.int('size', { min: 1 });
  return size === undefined ? undefined : Math.min(size, COVER_SIZE_MAX);
}

/**
 * stream, download and getCoverArt (docs/subsonic.md): the same stored files the web player and pages fetch from
 * `/api/files/{id}`, streamed by the HTTP layer with Range as that route does. Any member may play any song in the
 * catalog, as on the web, and covers are public there, so the signed-in app is the only check.
 */
@Injectable()
export class MediaMethods implements SubsonicMethodGroup {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly library: SubsonicLibrary,
    private readonly media: MediaStore,
    private readonly covers: CoverResizer,
    private readonly pipeline: CoverPipeline,
    private readonly streams: SongStreams,
  ) {}

  /** The song `id` names; only songs stream (a cover's or an album's id is "not found", like an unknown one). */
  private async song(call: SubsonicCall): Promise<{ model: CatalogModel; song: SongRecord }> {
    const id = call.params.required('id');
    const model = await this.catalog.current();
    const song = isId(id) ? model.song(id.toLowerCase()) : null;
    if (!song) throw SubsonicError.notFound('Song');
    return { model, song };
  }

  /**
   * The stored cover file an id stands for: a cover file id as the `coverArt` fields give, or (some apps pass these)
   * the id of a song, album, artist or playlist the user can see.
   */
  private async coverFileOf(model: CatalogModel, id: string, userId: string): Promise<string | null> {
    const song = model.song(id);
    if (song) return song.coverFileId;
    const album = model.album(id);
    if (album) return album.coverFileId;
    const artist = await this.library.artist(model, id);
    if (artist) return artist.coverArt ?? null;
    const playlist = model.visiblePlaylist(id, userId);
    if (playlist) return playlist.coverFileId ?? null;
    return id;
  }

  readonly methods = {
    stream: async (call) => {
      const { song } = await this.song(call);
      const request = streamRequest(call.params);
      // The web route's plan (media/transcoding/stream-plan.ts): format=raw or a limit at or over the file's own bitrate is the stored file.
      const prepared = await this.streams.prepare(song, subsonicStreamAsk(request), call.user.id, { estimateLength: request.estimateContentLength });
      if (!prepared) throw SubsonicError.notFound('File');
      if (prepared.kind === 'original') return { kind: 'file', fileId: song.audioFileId };
      return { kind: 'transcode', request: prepared.request };
    },

    download: async (call) => {
      const { model, song } = await this.song(call);
      const { suffix } = new SubsonicView(model, call.user.id).child(song);
      return { kind: 'file', fileId: song.audioFileId, attachmentName: `${fileNamePart(song.name)}.${suffix}` };
    },

    getCoverArt: async (call): Promise<SubsonicAnswer> => {
      const id = call.params.required('id');
      const size = coverSize(call.params);
      if (!isId(id)) throw SubsonicError.notFound('Cover art');
      const fileId = await this.coverFileOf(await this.catalog.current(), id.toLowerCase(), call.user.id);
      const file = fileId === null ? null : await this.media.open(fileId);
      // Audio files have ids too; this call answers pictures only.
      if (!file || file.kind !== 'image') throw SubsonicError.notFound('Cover art');
      if (size === undefined) return { kind: 'file', fileId: file.id };
      const damaged = () => new SubsonicError(SUBSONIC_ERRORS.generic, 'The cover picture is damaged or too large to resize; ask without size for the stored file.');
      // Up to the largest derived size: the web's derived set (docs/covers.md), in the format every app decodes.
      if (size <= COVER_SIZES[COVER_SIZES.length - 1]!) {
        const cover = await this.pipeline.cover(file.id, snapCoverSize(size), (alpha) => (alpha ? 'png' : 'jpeg'));
        if (!cover) throw SubsonicError.notFound('Cover art');
        if (cover.kind === 'original') throw damaged();
        if (cover.kind === 'bytes') return cover;
        // A local copy evicted between open and read is opened (refilled) once more.
        const bytes = await readFile(cover.file.path).catch(async () => readFile((await this.pipeline.reopen(cover.file))?.path ?? cover.file.path));
        return { kind: 'bytes', contentType: cover.file.contentType, bytes, etag: cover.file.etag };
      }
      try {
        const cover = await this.covers.resized(file, size);
        return cover.kind === 'original' ? { kind: 'file', fileId: file.id } : cover;
      } catch (error) {
        if (!(error instanceof UnreadableCover)) throw error;
        throw damaged();
      }
    },
  } satisfies SubsonicMethodGroup['methods'];
}
