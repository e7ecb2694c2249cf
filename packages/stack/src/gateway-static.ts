import { readFile, stat } from 'node:fs/promises';
import { basename, extname, relative, resolve, sep } from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const gzipAsync = promisify(gzip);

/** Files whose URL never changes between deploys: the browser must revalidate them (sw.js: a deploy's new worker must be found). */
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js', 'remotes.json', 'sw.js']);
/** `name.<contenthash>.ext` as the rspack configs emit; safe to cache forever. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.webmanifest', '.map', '.svg', '.txt']);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export function cacheControlFor(file: string): string {
  const name = basename(file);
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}

interface Compressed {
  mtimeMs: number;
  size: number;
  body: Buffer;
}

/**
 * Static files with our caching rules, gzip for text assets (compressed once per file version and kept in
 * memory: builds are immutable, so this costs one compression per file), ETag revalidation for the rest.
 */
export function serveDirectory(root: string): RequestHandler {
  const base = resolve(root);
  const gzipped = new Map<string, Compressed>();
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string;
    try {
      file = resolve(base, `.${decodeURIComponent(req.path)}`);
    } catch {
      return void res.status(400).end();
    }
    if (file !== base && !file.startsWith(base + sep)) return void res.status(404).end();
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return next();
    const cacheControl = cacheControlFor(file);
    const ext = extname(file).toLowerCase();
    if (!COMPRESSIBLE.has(ext) || info.size < 1024 || !req.acceptsEncodings('gzip')) {
      // Relative to `root`, so only the served path is checked for dotfiles, not where it lives (.data/...).
      return res.sendFile(relative(base, file), { root: base, cacheControl: false, headers: { 'Cache-Control': cacheControl }, dotfiles: 'deny' }, (error) => error && next(error));
    }
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-gz"`;
    res.set({ 'Cache-Control': cacheControl, ETag: etag, Vary: 'Accept-Encoding', 'Last-Modified': info.mtime.toUTCString() });
    res.type(ext);
    if (req.fresh) return void res.status(304).end();
    let cached = gzipped.get(file);
    if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      cached = { mtimeMs: info.mtimeMs, size: info.size, body: await gzipAsync(await readFile(file), { level: 9 }) };
      gzipped.set(file, cached);
    }
    res.set('Content-Encoding', 'gzip');
    res.send(cached.body);
  };
}
