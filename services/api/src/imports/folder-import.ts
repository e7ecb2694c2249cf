import type { Dirent } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative } from 'node:path';
import { IMPORT_AUDIO_EXTENSIONS, LIMITS, LYRICS_LIMITS, LYRICS_MESSAGES, MESSAGES } from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';
import type { ImportOutcome, ImportSource } from './song-importer.js';

/** Audio formats players meet that are not imported (WMA, Monkey's Audio, WavPack, AIFF, DSD...): the report names them. */
export const OTHER_AUDIO_EXTENSIONS = ['aif', 'aiff', 'aifc', 'wma', 'ape', 'wv', 'mpc', 'tta', 'dsf', 'dff', 'ac3', 'dts', 'amr', 'mka', 'mp2', 'au', 'ra', 'caf'];

/** Pictures beside the files that count as the folder's cover when a file has none embedded; first found wins. */
export const SIDECAR_COVER_NAMES = ['cover.jpg', 'cover.jpeg', 'cover.png', 'folder.jpg', 'folder.jpeg', 'folder.png', 'front.jpg', 'front.png', 'album.jpg'];

export interface FolderImportProgress {
  done: number;
  total: number;
  imported: number;
  duplicates: number;
  failed: number;
  bytes: number;
  current: string;
}

export interface FolderImportReport {
  total: number;
  imported: number;
  duplicates: number;
  failed: { file: string; reason: string }[];
  /** Imported files with something left out (lyrics that could not be read), docs/lyrics.md. */
  warnings: { file: string; reason: string }[];
  /** Imported songs that kept lyrics (from a sidecar .lrc or their tags). */
  withLyrics: number;
  albumsCreated: number;
  /** Files left out by their name (not an audio extension): covers, playlists, logs... */
  ignored: number;
  /** Of those, audio in formats that are not imported (OTHER_AUDIO_EXTENSIONS), by extension: said in the report. */
  otherAudio: Record<string, number>;
  bytes: number;
  milliseconds: number;
}

export interface FolderImportOptions {
  root: string;
  userId: string;
  importFile: (userId: string, source: ImportSource) => Promise<ImportOutcome>;
  /** Files imported at once (DEFAULT_IMPORT_CONCURRENCY). */
  concurrency?: number;
  onProgress?: (progress: FolderImportProgress) => void;
}

/**
 * Files imported at once by default: each file already stores its audio while it is parsed, and the engine takes
 * writes one at a time, so more mostly adds memory (one chunk per file) and waiting; 4 measured a little faster
 * than 2 on the embedded engine (docs/import.md, Numbers).
 */
export const DEFAULT_IMPORT_CONCURRENCY = 4;

/**
 * `npm run import`: walks a folder tree and hands every audio file to the
 * same SongImporter the upload endpoint uses, so the rules (formats, tags,
 * albums, duplicates, covers) are the same. Files are taken by name only to
 * skip the obvious non-audio (the bytes still decide), in path order so an
 * album's first track makes the album. Safe to run again: files already
 * imported are duplicates and change nothing.
 */
export async function importFolder(options: FolderImportOptions): Promise<FolderImportReport> {
  const started = Date.now();
  const { files, ignored, otherAudio, unreadable } = await audioFilesUnder(options.root);
  const report: FolderImportReport = { total: files.length, imported: 0, duplicates: 0, failed: [], warnings: [...unreadable], withLyrics: 0, albumsCreated: 0, ignored, otherAudio, bytes: 0, milliseconds: 0 };
  const covers = new Map<string, Promise<SidecarCover>>();
  // A folder's picture that was not used is said once, not for each of its songs.
  const coverNoted = new Set<string>();
  const noteCover = (folder: string, fileName: string, reason: string) => {
    if (coverNoted.has(folder)) return;
    coverNoted.add(folder);
    report.warnings.push({ file: relative(options.root, join(folder, fileName)), reason });
  };
  const listings = new Map<string, Promise<Map<string, string>>>();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const path = files[next++]!;
      const shown = relative(options.root, path) || basename(path);
      try {
        const folder = dirname(path);
        if (!listings.has(folder)) listings.set(folder, lowerCaseNames(folder));
        if (!covers.has(folder)) covers.set(folder, listings.get(folder)!.then((names) => sidecarCover(folder, names)));
        const lyrics = await sidecarLyrics(folder, path, await listings.get(folder)!);
        if ('problem' in lyrics) report.warnings.push({ file: shown, reason: lyrics.problem });
        const sidecar = 'data' in lyrics ? lyrics : undefined;
        const found = await covers.get(folder)!;
        if (found.tooLarge && !found.cover) noteCover(folder, found.tooLarge, `It was not used as its folder's cover: ${MESSAGES.coverTooLarge}`);
        const outcome = await options.importFile(options.userId, { path, fileName: basename(path), adopt: false, sidecarCover: found.cover, sidecarLyrics: sidecar });
        if (outcome.status === 'duplicate') report.duplicates++;
        else {
          // Given the folder's picture, a song without art of its own takes it; one that did not could not use it.
          if (found.cover && (outcome.cover === 'album' || outcome.cover === 'generated')) noteCover(folder, found.cover.fileName, UNUSABLE_COVER);
          report.imported++;
          if (outcome.lyrics) report.withLyrics++;
          for (const reason of outcome.warnings) report.warnings.push({ file: shown, reason });
          if (outcome.albumCreated) report.albumsCreated++;
          report.bytes += (await stat(path)).size;
        }
      } catch (error) {
        report.failed.push({ file: shown, reason: reasonOf(error) });
      }
      done++;
      options.onProgress?.({ done, total: files.length, imported: report.imported, duplicates: report.duplicates, failed: report.failed.length, bytes: report.bytes, current: shown });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? DEFAULT_IMPORT_CONCURRENCY) }, worker));
  report.milliseconds = Date.now() - started;
  return report;
}

/**
 * Every file with an audio extension under `root`, sorted by path; dot-files and dot-folders are skipped. Links are
 * followed, as music players do (a collection often links in folders from other disks); a folder reached twice (a
 * link back up the tree) is walked once. A folder that cannot be read (`lost+found`, a permission) or a link to
 * nothing is reported and passed over, so the rest still imports; only the root itself must be readable.
 */
export async function audioFilesUnder(root: string): Promise<{ files: string[]; ignored: number; otherAudio: Record<string, number>; unreadable: { file: string; reason: string }[] }> {
  const files: string[] = [];
  const otherAudio: Record<string, number> = {};
  const unreadable: { file: string; reason: string }[] = [];
  const walked = new Set<string>();
  let ignored = 0;
  const walk = async (folder: string) => {
    let entries: Dirent[];
    try {
      const real = await realpath(folder);
      if (walked.has(real)) return;
      walked.add(real);
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (folder === root) throw error;
      unreadable.push({ file: `${relative(root, folder)}/`, reason: `This folder could not be read (${codeOf(error)}); its files were left out.` });
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      const kind = entry.isSymbolicLink() ? await linkedKind(path) : entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : 'other';
      if (kind === 'folder') await walk(path);
      else if (kind === 'file') {
        const extension = extname(entry.name).slice(1).toLowerCase();
        if (IMPORT_AUDIO_EXTENSIONS.includes(extension)) files.push(path);
        else {
          ignored++;
          if (OTHER_AUDIO_EXTENSIONS.includes(extension)) otherAudio[extension] = (otherAudio[extension] ?? 0) + 1;
        }
      } else if (kind === 'broken') unreadable.push({ file: relative(root, path), reason: 'This link points at nothing that can be read; it was left out.' });
    }
  };
  await walk(root);
  return { files, ignored, otherAudio, unreadable };
}

/** What a link leads to; `broken` when nothing (or nothing readable) is there. */
async function linkedKind(path: string): Promise<'folder' | 'file' | 'other' | 'broken'> {
  try {
    const info = await stat(path);
    return info.isDirectory() ? 'folder' : info.isFile() ? 'file' : 'other';
  } catch {
    return 'broken';
  }
}

function codeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? (error as Error)?.message ?? 'unknown error');
}

async function lowerCaseNames(folder: string): Promise<Map<string, string>> {
  return new Map((await readdir(folder)).map((name) => [name.toLowerCase(), name]));
}

/** The `.lrc` named like the audio file (any case) beside it; one too large is left out with a warning, not read. */
async function sidecarLyrics(folder: string, audioPath: string, names: Map<string, string>): Promise<{ data: Buffer; fileName: string } | { problem: string } | { none: true }> {
  const base = basename(audioPath, extname(audioPath)).toLowerCase();
  const name = names.get(`${base}.lrc`);
  if (!name) return { none: true };
  const path = join(folder, name);
  if ((await stat(path)).size > LYRICS_LIMITS.inputBytesMax) return { problem: `The lyrics in "${name}" were not kept: ${LYRICS_MESSAGES.inputTooLong}` };
  return { data: await readFile(path), fileName: name };
}

const UNUSABLE_COVER = "It was not used as its folder's cover: it is not a JPEG, PNG or GIF that can be read, or it claims more pixels than a cover may have.";

interface SidecarCover {
  /** The first of SIDECAR_COVER_NAMES present and not too large. */
  cover?: { data: Buffer; fileName: string };
  /** The first one passed over for its size. */
  tooLarge?: string;
}

/** The folder's picture, from its listing (lowerCaseNames, read once per folder for the lyrics too). */
async function sidecarCover(folder: string, names: Map<string, string>): Promise<SidecarCover> {
  let tooLarge: string | undefined;
  for (const wanted of SIDECAR_COVER_NAMES) {
    const name = names.get(wanted);
    if (!name) continue;
    const path = join(folder, name);
    if ((await stat(path)).size > LIMITS.coverBytesMax) {
      tooLarge ??= name;
      continue;
    }
    return { cover: { data: await readFile(path), fileName: name }, tooLarge };
  }
  return { tooLarge };
}

function reasonOf(error: unknown): string {
  if (error instanceof ApiException) {
    const body = error.getResponse() as { message?: string; errors?: Record<string, string> };
    const details = Object.values(body.errors ?? {});
    return details.length > 0 ? details.join(' ') : (body.message ?? error.message);
  }
  return (error as Error)?.message ?? String(error);
}
