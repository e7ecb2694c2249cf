import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../idempotency-headers.js';
import { idempotencyKeySchema } from '../idempotency.js';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { API_ROUTES, type ApiRoute, type BodyEncoding, type ErrorStatus, type RouteResponse } from './routes.js';
import { errorBodySchema } from './schemas.js';

export const OPENAPI_DOCUMENT_PATH = '/api/docs/openapi.json';

const MEDIA_TYPE: Record<BodyEncoding, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

/** What each error status means here; the codes are `ApiError.code`. */
const ERROR_DESCRIPTIONS: Record<ErrorStatus | 500 | 503, string> = {
  400: '`VALIDATION_FAILED` (with `errors` keyed by request field) or `INVALID_ID` (an id in the path is not 24 hex digits)',
  401: '`UNAUTHENTICATED`: not logged in (`errors.auth`), or a wrong login (`errors.password`)',
  403: '`CSRF_INVALID` (a state-changing call without a valid `x-csrf-token`) or `FORBIDDEN` (not yours)',
  404: '`NOT_FOUND`: no such record, or someone else’s private playlist',
  409: '`CONFLICT`: as the summary says, or the `Idempotency-Key` names a request still running (retry shortly) or a different request',
  412: '`PRECONDITION_FAILED`: If-Match names none of the file’s ETags',
  413: '`PAYLOAD_TOO_LARGE` (`errors` names the file field)',
  415: '`UNSUPPORTED_MEDIA_TYPE`: not an accepted audio format (`errors.file`)',
  416: '`RANGE_NOT_SATISFIABLE`',
  429: '`RATE_LIMITED`: too many attempts from one address in a minute',
  500: '`INTERNAL`: details only in the server’s logs',
  503: '`SERVICE_UNAVAILABLE`: the database is unreachable; retry after `Retry-After` seconds',
};

/** Writes outside the session routes take an optional Idempotency-Key (docs/api.md, "Retrying writes"). */
const isKeyed = (route: Pick<ApiRoute, 'method' | 'path'>): boolean => route.method !== 'get' && !/^\/api\/auth(\/|$)/.test(route.path);

const idempotencyHeader = z.object({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema
    .optional()
    .describe(
      'A fresh key per request (a UUID): the API runs the request once per caller and key and answers a repeat with the recorded answer (header `Idempotent-Replayed: true`), 409 while the first still runs. Kept 24 hours; a 5xx is not kept.',
    ),
});

/** The errors a route can answer by its shape alone, plus the ones it names. */
function errorStatuses(route: ApiRoute): (ErrorStatus | 500 | 503)[] {
  const statuses = new Set<ErrorStatus | 500 | 503>(route.errors ?? []);
  if (route.params || route.query || route.body) statuses.add(400);
  if (route.access === 'member') statuses.add(401);
  if (route.method !== 'get') statuses.add(403);
  if (route.params) statuses.add(404);
  if (isKeyed(route)) statuses.add(409);
  statuses.add(500);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

function responses(route: ApiRoute): ZodOpenApiResponsesObject {
  const result: Record<`${number}`, ZodOpenApiResponseObject> = {};
  for (const [status, answer] of Object.entries(route.responses) as [`${number}`, RouteResponse][]) {
    if (answer.file) {
      result[status] = {
        description: answer.description,
        content: { 'image/*': { schema: { type: 'string', format: 'binary' } }, 'audio/*': { schema: { type: 'string', format: 'binary' } } },
      };
    } else {
      result[status] = { description: answer.description, ...(answer.schema ? { content: { 'application/json': { schema: answer.schema } } } : {}) };
    }
  }
  for (const status of errorStatuses(route)) {
    result[`${status}`] ??= { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: errorBodySchema } } };
  }
  return result as ZodOpenApiResponsesObject;
}

function operation(route: ApiRoute): ZodOpenApiOperationObject {
  const stateChanging = route.method !== 'get';
  const security = [...(route.access === 'member' ? [{ session: [] as string[] }] : []), ...(stateChanging ? [{ csrf: [] as string[] }] : [])];
  return {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    ...(route.params || route.query || isKeyed(route)
      ? { requestParams: { ...(route.params ? { path: route.params } : {}), ...(route.query ? { query: route.query } : {}), ...(isKeyed(route) ? { header: idempotencyHeader } : {}) } }
      : {}),
    ...(route.body
      ? { requestBody: { required: true, content: Object.fromEntries(route.body.encodings.map((encoding) => [MEDIA_TYPE[encoding], { schema: route.body!.schema }])) } }
      : {}),
    responses: responses(route),
    // Both requirements at once (one object) when a call needs the session and the token.
    security: security.length > 0 ? [Object.assign({}, ...security)] : [],
  };
}

/** `get /api/playlists/{id}/songs` -> `getPlaylistsIdSongs`: stable, readable names for generated clients. */
export function operationId(route: Pick<ApiRoute, 'method' | 'path'>): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split(/[/{}._-]+/)
    .filter(Boolean);
  return route.method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** The API's OpenAPI 3.0 document, generated from the route table and the contracts' zod schemas. */
export function createOpenApiDocument(routes: readonly ApiRoute[] = API_ROUTES): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method] = operation(route);
  }
  return createDocument(
    {
      openapi: '3.0.3',
      info: {
        title: 'Tunafy API',
        version: '1.0.0',
        description:
          'Songs, albums, playlists, likes and media for Tunafy. State-changing calls need the session cookie and an `x-csrf-token` header from `GET /api/auth/csrf`, and may carry an `Idempotency-Key` so that a retry is never applied twice. ' +
          'Every error answers the `ApiError` shape `{statusCode, code, message, errors?}`, validation errors keyed by request field. Generated from the zod schemas of packages/contracts.',
      },
      servers: [{ url: '/' }],
      tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
      paths,
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'tunafy.sid', description: 'The session cookie set by login and signup.' },
          csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token', description: 'From `GET /api/auth/csrf` (or the x-csrf-token header of any answer).' },
        },
      },
    },
    {
      // OpenAPI 3.0's schema object has no contentEncoding: `format: binary` says it for file fields.
      override: ({ jsonSchema }) => {
        delete (jsonSchema as { contentEncoding?: unknown }).contentEncoding;
      },
    },
  );
}
