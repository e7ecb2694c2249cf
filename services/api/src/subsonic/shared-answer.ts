import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { renderOk, type SubsonicFormat, type SubsonicPayload } from './protocol/subsonic-response.js';

const gzipAsync = promisify(gzip);

export interface SharedRendering {
  contentType: string;
  body: Buffer;
  etag: string;
  /** Compressed on first demand and kept, like the web's cached full lists (http/list-responder.ts). */
  gzipped(): Promise<Buffer>;
}

/**
 * An answer that is the same for every user until the catalog changes (getArtists, getIndexes: 10,000 artists are
 * ~1 MB of JSON): rendered and gzipped once per format and catalog version instead of once per call, which is what
 * every app asks at start-up.
 */
export class SharedAnswer {
  private readonly renderings = new Map<SubsonicFormat, SharedRendering>();

  constructor(readonly payload: SubsonicPayload) {}

  rendering(format: Exclude<SubsonicFormat, 'jsonp'>): SharedRendering {
    let rendering = this.renderings.get(format);
    if (!rendering) {
      const { contentType, body: text } = renderOk(format, this.payload);
      const body = Buffer.from(text);
      let gzipped: Promise<Buffer> | undefined;
      rendering = { contentType, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, gzipped: () => (gzipped ??= gzipAsync(body)) };
      this.renderings.set(format, rendering);
    }
    return rendering;
  }
}
