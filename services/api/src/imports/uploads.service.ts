import { readFile } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { IMPORT_MESSAGES, LIMITS, LYRICS_LIMITS, importCheckSchema, validate, type ImportCheckResponse, type ImportResponse, type SessionUser } from '@tunafy/contracts';
import { AlbumPresenter } from '../albums/album-presenter.js';
import { ApiException } from '../common/api-exception.js';
import { SongPresenter } from '../songs/song-presenter.js';
import type { SpooledFiles } from './audio-spool.interceptor.js';
import { AUDIO_FIELD, SongImporter, type ImportOutcome } from './song-importer.js';

/** The bulk upload's HTTP side: the spooled request in, the API's shapes out; the rules are SongImporter's. */
@Injectable()
export class UploadsService {
  constructor(
    private readonly importer: SongImporter,
    private readonly songs: SongPresenter,
    private readonly albums: AlbumPresenter,
  ) {}

  async upload(user: SessionUser, files: SpooledFiles, body: Record<string, unknown>): Promise<ImportResponse> {
    const audio = files.file;
    if (!audio || audio.size === 0) throw ApiException.validation({ [AUDIO_FIELD]: IMPORT_MESSAGES.fileRequired });
    const cover = files.cover && files.cover.size <= LIMITS.coverBytesMax ? { data: await readFile(files.cover.path), fileName: files.cover.originalName } : undefined;
    // The spool meter refused anything larger already; the check keeps the read bounded whatever happens there.
    const lyrics = files.lyrics && files.lyrics.size <= LYRICS_LIMITS.inputBytesMax ? { data: await readFile(files.lyrics.path), fileName: files.lyrics.originalName } : undefined;
    const outcome = await this.importer.importFile(
      user.id,
      { path: audio.path, fileName: audio.originalName, sha256: audio.sha256, adopt: true, sidecarCover: cover, sidecarLyrics: lyrics },
      editsOf(body),
    );
    return this.present(outcome);
  }

  async check(user: SessionUser, body: unknown): Promise<ImportCheckResponse> {
    const request = validate(importCheckSchema, body);
    if (!request.ok) throw ApiException.validation(request.errors);
    return { duplicates: await this.importer.duplicatesOf(user.id, request.value.sha256) };
  }

  private present(outcome: ImportOutcome): ImportResponse {
    if (outcome.status === 'duplicate') return { status: 'duplicate', song: this.songs.presentOne(outcome.song) };
    return {
      status: 'imported',
      song: this.songs.presentOne(outcome.song),
      album: outcome.album ? this.albums.presentOne(outcome.album) : null,
      album_created: outcome.albumCreated,
      cover: outcome.cover,
      lyrics: outcome.lyrics,
      warnings: outcome.warnings,
    };
  }
}

/** Only the edit fields go on; anything else a form sends (artist_id, duration...) is ignored, as everywhere. */
function editsOf(body: Record<string, unknown>): Record<string, unknown> {
  const edits: Record<string, unknown> = {};
  for (const key of ['title', 'album', 'track', 'disc', 'year', 'genre']) if (body[key] !== undefined) edits[key] = body[key];
  return edits;
}
