import { describe, expect, it } from 'vitest';
import { API_ROUTES, createOpenApiDocument, operationId } from './index.js';

describe('the OpenAPI document', () => {
  it('declares exactly the parameters each path template names', () => {
    for (const route of API_ROUTES) {
      const named = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      const declared = Object.keys(('params' in route ? route.params?.shape : undefined) ?? {}).sort();
      expect(declared, route.path).toEqual(named);
    }
  });

  it('gives every operation a unique operationId, for generated clients', () => {
    const ids = API_ROUTES.map(operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationId({ method: 'get', path: '/api/collection/{userId}/liked/{songId}' })).toBe('getCollectionUserIdLikedSongId');
  });

  it('renders the paging parameters, the multipart file fields and the field-keyed error shape', () => {
    const document = createOpenApiDocument();
    const songs = document.paths!['/api/songs']!.get!;
    expect(songs.parameters).toMatchObject([
      { in: 'query', name: 'limit', description: 'Rows per page; without it the whole list.', schema: { type: 'integer', minimum: 1, maximum: 500 } },
      { in: 'query', name: 'cursor', description: 'Start after this: the `next_cursor` of the previous page.', schema: { type: 'string', maxLength: 200 } },
      { in: 'query', name: 'offset', description: 'Start at this row instead (not with `cursor`).', schema: { type: 'integer', minimum: 0, maximum: 100_000_000 } },
    ]);
    const upload = document.paths!['/api/uploads/songs']!.post!.requestBody as { content: Record<string, { schema: { properties: Record<string, object> } }> };
    expect(upload.content['multipart/form-data']!.schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(JSON.stringify(document)).not.toContain('contentEncoding');
    expect(document.components!.schemas!.ApiError).toMatchObject({
      required: ['statusCode', 'code', 'message'],
      properties: { errors: { type: 'object', additionalProperties: { type: 'string' } } },
    });
  });

  it('documents the optional Idempotency-Key on writes, not on reads or the session routes', () => {
    const document = createOpenApiDocument();
    const headers = (path: string, method: 'get' | 'post' | 'put' | 'delete') =>
      ((document.paths![path]![method]!.parameters ?? []) as { in: string; name: string; required?: boolean }[]).filter((parameter) => parameter.in === 'header');
    expect(headers('/api/playlists/new', 'post')).toMatchObject([{ name: 'Idempotency-Key', schema: { type: 'string', pattern: expect.any(String) } }]);
    expect(Object.keys(document.paths!['/api/playlists/new']!.post!.responses!)).toContain('409');
    expect(headers('/api/playlists/{id}', 'delete')).toHaveLength(1);
    expect(headers('/api/songs', 'get')).toEqual([]);
    expect(headers('/api/auth/login', 'post')).toEqual([]);
  });
});
