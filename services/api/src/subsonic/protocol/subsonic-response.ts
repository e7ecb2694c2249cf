import { XMLBuilder } from 'fast-xml-parser';
import type { SubsonicError } from './subsonic-error.js';

/** The Subsonic API version we follow (the last of the original API) and what we tell clients we are. */
export const SUBSONIC_VERSION = '1.16.1';
export const SERVER_TYPE = 'tunafy';
export const SERVER_VERSION = '1.0.0';

export type SubsonicFormat = 'json' | 'xml' | 'jsonp';

/** What a method answers: the fields beside `status` in the envelope (`{ artists: {...} }`), nothing for ping. */
export type SubsonicPayload = Record<string, unknown>;

export interface RenderedAnswer {
  contentType: string;
  body: string;
}

function envelope(status: 'ok' | 'failed', payload: SubsonicPayload) {
  return { status, version: SUBSONIC_VERSION, type: SERVER_TYPE, serverVersion: SERVER_VERSION, openSubsonic: true, ...payload };
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', suppressEmptyNode: true, suppressBooleanAttributes: false });

/** Characters XML 1.0 cannot carry at all (even escaped); names are cleaned on the way in, this is the last guard. */
const xmlText = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/gu, '');

const isScalar = (value: unknown): value is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof value);

/**
 * Subsonic's XML from the JSON shape: scalars are attributes, objects child elements, arrays repeated elements of
 * the field's name, and a `value` field the element's text (as the original server's XML schema has it).
 */
function toXmlNode(value: Record<string, unknown>): Record<string, unknown> {
  const node: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined || field === null) continue;
    if (isScalar(field)) node[key === 'value' ? '#text' : `@_${key}`] = xmlText(String(field));
    else if (Array.isArray(field)) node[key] = field.map((item) => (isScalar(item) ? { '#text': xmlText(String(item)) } : toXmlNode(item as Record<string, unknown>)));
    else node[key] = toXmlNode(field as Record<string, unknown>);
  }
  return node;
}

function render(format: SubsonicFormat, status: 'ok' | 'failed', payload: SubsonicPayload, callback?: string): RenderedAnswer {
  const answer = envelope(status, payload);
  if (format === 'xml') {
    const root = { '@_xmlns': 'http://subsonic.org/restapi', ...toXmlNode(answer) };
    return { contentType: 'application/xml; charset=utf-8', body: `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ 'subsonic-response': root })}` };
  }
  const json = JSON.stringify({ 'subsonic-response': answer });
  if (format === 'jsonp' && callback) return { contentType: 'application/javascript; charset=utf-8', body: `${callback}(${json});` };
  return { contentType: 'application/json; charset=utf-8', body: json };
}

export function renderOk(format: SubsonicFormat, payload: SubsonicPayload, callback?: string): RenderedAnswer {
  return render(format, 'ok', payload, callback);
}

export function renderError(format: SubsonicFormat, error: Pick<SubsonicError, 'code' | 'message'>, callback?: string): RenderedAnswer {
  return render(format, 'failed', { error: { code: error.code, message: error.message } }, callback);
}

/** `f`: json, jsonp (with a callback that is a plain identifier) or xml, the default for anything else. */
export function formatOf(f: string | undefined, callback: string | undefined): { format: SubsonicFormat; callback?: string } {
  if (f === 'json') return { format: 'json' };
  if (f === 'jsonp' && callback && /^[A-Za-z_$][\w$.]{0,63}$/.test(callback)) return { format: 'jsonp', callback };
  return { format: f === 'jsonp' ? 'json' : 'xml' };
}
