import { Injectable } from '@nestjs/common';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { ApiException } from '../common/api-exception.js';
import { MediaStore, type MediaFile } from '../media/media-store.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import type { PreparedStream, StreamFailure } from '../http/send-song-stream.js';
import { planStream, type StreamAsk } from '../media/transcoding/stream-plan.js';

/**
 * Decides how a song is streamed (docs/streaming.md), for the web route and Subsonic's `stream`: one plan from the
 * client's ask and the song's own bitrate, applied to the stored file's local copy.
 */
@Injectable()
export class SongStreams {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly media: MediaStore,
  ) {}

  /** The catalog's song with this (well-formed, lower-case) id, or null. */
  async song(id: string): Promise<SongRecord | null> {
    return (await this.catalog.current()).song(id);
  }

  /** Null when the song's file is gone from storage. */
  async prepare(song: SongRecord, ask: StreamAsk, userId: string, options: { estimateLength?: boolean } = {}): Promise<PreparedStream | null> {
    const file = await this.media.open(song.audioFileId);
    if (!file) return null;
    const plan = planStream({ duration: song.duration, fileLength: file.length }, ask);
    if (plan.kind === 'original') return { kind: 'original', file };
    return {
      kind: 'transcode',
      request: { input: { fileId: file.id, path: file.path }, plan, duration: song.duration, userId, estimateLength: options.estimateLength ?? false },
    };
  }

  /** Opens the stored file again (its local copy was evicted between open and send). */
  reopen(fileId: string): Promise<MediaFile | null> {
    return this.media.open(fileId);
  }
}

/** The web API's answer to a stream that could not be sent (docs/streaming.md lists the codes). */
export function streamException(failure: StreamFailure): ApiException {
  switch (failure.kind) {
    case 'too-many-transcodes':
      return new ApiException(429, 'TOO_MANY_TRANSCODES', `Too many songs are being converted right now. Please try again in ${failure.retryAfterSeconds} seconds.`);
    case 'transcoding-unavailable':
      return new ApiException(503, 'TRANSCODING_UNAVAILABLE', TRANSCODING_UNAVAILABLE_MESSAGE);
    case 'transcode-failed':
      return new ApiException(422, 'TRANSCODE_FAILED', TRANSCODE_FAILED_MESSAGE);
    case 'precondition-failed':
      return new ApiException(412, 'PRECONDITION_FAILED', 'The file does not match If-Match.');
    case 'unsatisfiable':
      return new ApiException(416, 'RANGE_NOT_SATISFIABLE', 'The requested range is not satisfiable.');
    case 'not-found':
      return ApiException.notFound('File');
    case 'unavailable':
      return new ApiException(503, 'SERVICE_UNAVAILABLE', 'The file is temporarily unavailable. Please try again shortly.');
  }
}

export const TRANSCODING_UNAVAILABLE_MESSAGE = 'Transcoding is unavailable: ffmpeg was not found on this server.';
export const TRANSCODE_FAILED_MESSAGE = 'This song could not be converted for streaming: its file could not be decoded.';
