import type { SessionUser } from '@tunafy/contracts';
import type { SubsonicParams } from './protocol/subsonic-params.js';
import type { SubsonicPayload } from './protocol/subsonic-response.js';
import type { SharedAnswer } from './shared-answer.js';
import type { TranscodeRequest } from '../http/send-transcode.js';

/** One signed-in call to a method: its parameters, the user the app password belongs to, and the app's name (`c`). */
export interface SubsonicCall {
  params: SubsonicParams;
  user: SessionUser;
  client: string | null;
  /** The request's own scheme and host, for links made for the app (a share's URL) when PUBLIC_URL is not set. */
  origin: string;
}

/**
 * What a method answers. The HTTP layer (subsonic-router.ts) renders a payload in the asked format, streams a stored
 * file with Range like `/api/files/{id}`, sends a transcode as `/api/songs/{id}/stream` does, or sends bytes made for
 * the call (a resized cover).
 */
export type SubsonicAnswer =
  | { kind: 'payload'; payload: SubsonicPayload }
  | { kind: 'shared'; answer: SharedAnswer }
  | { kind: 'file'; fileId: string; attachmentName?: string }
  | { kind: 'transcode'; request: TranscodeRequest }
  | { kind: 'bytes'; contentType: string; bytes: Buffer; etag: string };

export type SubsonicMethod = (call: SubsonicCall) => Promise<SubsonicAnswer>;

/** A feature's methods by name (`getArtists`), as the dispatcher (subsonic-api.ts) merges them. */
export interface SubsonicMethodGroup {
  readonly methods: Record<string, SubsonicMethod>;
}

export const ok = (payload: SubsonicPayload = {}): SubsonicAnswer => ({ kind: 'payload', payload });
