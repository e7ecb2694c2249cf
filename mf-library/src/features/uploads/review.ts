import { AUDIO_FORMAT_INFO, IMPORT_AUDIO_BYTES_MAX, IMPORT_AUDIO_EXTENSIONS, IMPORT_MESSAGES, importFieldsSchema, tagsFromFileName, validate, type AudioFormat } from '@tunafy/contracts';
import type { FieldEdits } from './api';
import type { AudioReading } from '../../lib/read-audio';

/** A file as picked or dropped, with its path inside the folder (for covers beside it and a stable order). */
export interface PickedFile {
  file: File;
  path: string;
}

export const EDIT_FIELDS = ['title', 'album', 'track', 'disc', 'year', 'genre'] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export type FieldValues = Record<EditField, string>;

export type Problem =
  | { kind: 'unsupported'; message: string }
  | { kind: 'too-big'; message: string }
  | { kind: 'duplicate'; message: string; songId: string };

export type CoverSource = { kind: 'embedded'; picture: Blob } | { kind: 'sidecar'; file: File } | { kind: 'generated' };

export interface ReviewRow {
  id: string;
  file: File;
  path: string;
  /** False until the browser has read the file's tags. */
  read: boolean;
  format: AudioFormat | null;
  duration: number | null;
  /** What the server would store without edits: the tags, then the file name. */
  defaults: FieldValues;
  values: FieldValues;
  cover: CoverSource;
  /** The `.lrc` of the same name beside it (docs/lyrics.md), sent with it; the server reads it. */
  lyrics: File | null;
  problems: Problem[];
}

/** Pictures the server also takes from beside the files (docs/import.md, Covers). */
const SIDECAR = /^(cover|folder|front|album)\.(jpe?g|png)$/i;

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
/** A file's path without its extension, any case: how an audio file finds its `.lrc` (as the folder import does). */
export const lyricsKeyOf = (path: string) => path.replace(/\.[^./]*$/, '').toLowerCase();
const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/**
 * Splits a drop into audio files (by extension: what to look at; the bytes
 * decide later) and the sidecar covers of their folders. Other files (playlists,
 * logs, scans) are left out, as the folder import leaves them.
 */
export function sortPicked(picked: PickedFile[]): { audio: PickedFile[]; covers: Map<string, File>; lyrics: Map<string, File> } {
  const covers = new Map<string, File>();
  const lyrics = new Map<string, File>();
  const audio: PickedFile[] = [];
  for (const entry of picked) {
    const name = entry.file.name;
    if (/\.lrc$/i.test(name)) {
      lyrics.set(lyricsKeyOf(entry.path), entry.file);
    } else if (SIDECAR.test(name)) {
      if (!covers.has(folderOf(entry.path))) covers.set(folderOf(entry.path), entry.file);
    } else if (IMPORT_AUDIO_EXTENSIONS.includes(extensionOf(name)) || /^audio\//.test(entry.file.type)) {
      audio.push(entry);
    }
  }
  audio.sort((a, b) => a.path.localeCompare(b.path, undefined, { numeric: true }));
  return { audio, covers, lyrics };
}

/** Defaults as the server computes them: title, track and disc from the tags, then the name; album, year and genre from the tags only. */
export function defaultsFor(fileName: string, tags: AudioReading['tags']): FieldValues {
  const fromName = tagsFromFileName(fileName);
  const text = (value: string | number | null | undefined) => (value === undefined || value === null ? '' : String(value));
  return {
    title: tags.title ?? fromName.title,
    album: text(tags.album),
    track: text(tags.track ?? fromName.track),
    disc: text(tags.disc ?? fromName.disc),
    year: text(tags.year),
    genre: text(tags.genre),
  };
}

let nextId = 0;

/** A row before its tags are read: name-based defaults, no problems yet. */
export function pendingRow(entry: PickedFile, sidecar: File | undefined, lyrics?: File): ReviewRow {
  const defaults = defaultsFor(entry.file.name, {});
  return {
    id: `upload-${++nextId}`,
    file: entry.file,
    path: entry.path,
    read: false,
    format: null,
    duration: null,
    defaults,
    values: defaults,
    cover: sidecar ? { kind: 'sidecar', file: sidecar } : { kind: 'generated' },
    lyrics: lyrics ?? null,
    problems: [],
  };
}

/** The row once the file is read: tag defaults (keeping what the user already typed), cover and problems. */
export function readRow(row: ReviewRow, reading: AudioReading): ReviewRow {
  const defaults = defaultsFor(row.file.name, reading.tags);
  const values = { ...defaults };
  for (const field of EDIT_FIELDS) if (row.values[field] !== row.defaults[field]) values[field] = row.values[field];
  const problems: Problem[] = row.problems.filter((problem) => problem.kind === 'duplicate');
  if (!reading.format) problems.unshift({ kind: 'unsupported', message: IMPORT_MESSAGES.unsupportedFormat });
  const tooBig = reading.format ? row.file.size > AUDIO_FORMAT_INFO[reading.format].maxBytes : row.file.size > IMPORT_AUDIO_BYTES_MAX;
  if (tooBig) problems.unshift({ kind: 'too-big', message: reading.format ? IMPORT_MESSAGES.tooLarge(reading.format) : IMPORT_MESSAGES.tooLargeAny });
  return {
    ...row,
    read: true,
    format: reading.format,
    duration: reading.duration,
    defaults,
    values,
    cover: reading.picture ? { kind: 'embedded', picture: reading.picture } : row.cover,
    problems,
  };
}

export function markDuplicate(row: ReviewRow, songId: string): ReviewRow {
  if (row.problems.some((problem) => problem.kind === 'duplicate')) return row;
  return { ...row, problems: [...row.problems, { kind: 'duplicate', message: 'You already have this song.', songId }] };
}

/** Field messages of a row's values (the API's own schema, so the table refuses what the server would). */
export function rowErrors(values: FieldValues): Partial<Record<EditField, string>> {
  const result = validate(importFieldsSchema, values);
  return result.ok ? {} : (result.errors as Partial<Record<EditField, string>>);
}

/** Only what differs from the server's own reading is sent: its parse of the tags wins otherwise. */
export function editsOf(row: ReviewRow): FieldEdits {
  const edits: FieldEdits = {};
  for (const field of EDIT_FIELDS) if (row.values[field] !== row.defaults[field]) edits[field] = row.values[field].trim();
  return edits;
}

/** Rows that will be sent: read, and without a problem (a duplicate would only be answered as one). */
export function isUploadable(row: ReviewRow): boolean {
  return row.read && row.problems.length === 0 && Object.keys(rowErrors(row.values)).length === 0;
}
