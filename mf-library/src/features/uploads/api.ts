import { getApiClient } from '@tunafy/api-client';
import type { ImportCheckResponse, ImportFields, ImportResponse } from '@tunafy/contracts';

/** The edits of a row that differ from what the server would read itself; only these are sent (docs/import.md). */
export type FieldEdits = { [K in keyof ImportFields]?: string };

export interface UploadRequest {
  file: File;
  /** The `cover.jpg`/`folder.jpg` beside the file; the server uses it only when the file has no picture of its own. */
  cover: File | null;
  /** The `.lrc` of the same name beside the file (docs/lyrics.md); it wins over lyrics in the file's tags. */
  lyrics?: File | null;
  edits: FieldEdits;
}

/** POST /api/uploads/songs: one file per request, so a failure costs that file only. */
export function uploadSong(request: UploadRequest, onUploadProgress: (fraction: number) => void, signal?: AbortSignal): Promise<ImportResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(request.edits)) if (value !== undefined) form.append(name, value);
  if (request.cover) form.append('cover', request.cover);
  if (request.lyrics) form.append('lyrics', request.lyrics);
  form.append('file', request.file);
  return getApiClient().post<ImportResponse>('/api/uploads/songs', { form, onUploadProgress, signal });
}

/** POST /api/uploads/check: which of these hashes the user already has (at most 1000 a call). */
export function checkDuplicates(sha256: string[]): Promise<ImportCheckResponse> {
  return getApiClient().post<ImportCheckResponse>('/api/uploads/check', { json: { sha256 } });
}
