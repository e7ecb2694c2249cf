import type { Response } from 'express';
import type { MediaFile } from './media-store.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Headers of a successful (200/206/304) answer; `send` adds Content-Length and Content-Range. */
export function mediaHeaders(file: MediaFile): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    ETag: file.etag,
    // Content never changes for an id. Audio is for members only, so shared caches must not keep it.
    'Cache-Control': `${file.kind === 'audio' ? 'private' : 'public'}, max-age=${ONE_YEAR_SECONDS}, immutable`,
    'Accept-Ranges': 'bytes',
    'Content-Disposition': 'inline',
    'X-Content-Type-Options': 'nosniff',
  };
  // A PDF "cover" opened directly would run its scripts on our origin; sandboxing gives it an opaque one.
  if (file.contentType === 'application/pdf') headers['Content-Security-Policy'] = 'sandbox';
  return headers;
}

/** What `send` reported: 404 (ENOENT), 412 and 416 are HTTP outcomes; 500 means a read failed. */
export interface SendFailure {
  status?: number;
  code?: string;
  aborted: boolean;
  headersSent: boolean;
  error: Error;
}

/**
 * Streams the cached copy with express's `send`, which implements Range
 * (206, suffix ranges, 416 with `Content-Range: bytes *\/len`), HEAD and
 * If-None-Match/If-Range against the ETag we set (our headers are applied
 * before `send` checks conditions, and it keeps an ETag already present).
 * Resolves with the failure instead of letting `send` write its HTML error page.
 */
export function sendMedia(res: Response, file: MediaFile): Promise<SendFailure | null> {
  return new Promise((resolve) => {
    res.sendFile(
      file.path,
      {
        headers: mediaHeaders(file),
        etag: false,
        lastModified: false,
        acceptRanges: true,
        cacheControl: false,
        // The cache may sit under a dot-directory such as ~/.cache; the path is ours, not the client's.
        dotfiles: 'allow',
      },
      (error?: Error & { status?: number; statusCode?: number; code?: string }) => {
        if (!error) return resolve(null);
        resolve({
          status: error.status ?? error.statusCode,
          code: error.code,
          aborted: error.code === 'ECONNABORTED',
          headersSent: res.headersSent,
          error,
        });
      },
    );
  });
}

/** Headers `send` (or we) set for the file, which must not leak onto an error answer. */
export function clearMediaHeaders(res: Response): void {
  for (const name of ['Content-Type', 'Content-Length', 'ETag', 'Cache-Control', 'Accept-Ranges', 'Content-Disposition', 'Content-Security-Policy']) {
    res.removeHeader(name);
  }
  res.setHeader('Cache-Control', 'no-store');
}
