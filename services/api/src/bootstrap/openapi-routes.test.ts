import 'reflect-metadata';
import { RequestMethod, type DynamicModule, type Type } from '@nestjs/common';
import { MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner } from '@nestjs/core';
import { PathsExplorer } from '@nestjs/core/router/paths-explorer.js';
import { API_ROUTES, createOpenApiDocument } from '@tunafy/contracts/openapi';
import { describe, expect, inject, it } from 'vitest';
import { ALBUM_COVER_FIELD } from '../albums/albums.service.js';
import { IS_PUBLIC } from '../common/auth.decorators.js';
import { AppModule } from '../app.module.js';
import { loadConfig } from '../config/app-config.js';
import { COVER_FIELD as IMPORT_COVER_FIELD, LYRICS_FIELD as IMPORT_LYRICS_FIELD } from '../imports/audio-spool.interceptor.js';
import { AUDIO_FIELD as IMPORT_AUDIO_FIELD } from '../imports/song-importer.js';
import { COVER_FIELD as PLAYLIST_COVER_FIELD } from '../playlists/playlists.service.js';
import { SONG_AUDIO_FIELD, SONG_COVER_FIELD } from '../songs/songs.controller.js';
import { ApiClient } from '../test/api-client.js';
import { ROUTE_HANDLERS } from './openapi-handlers.js';

const apiUrl = inject('apiUrl');

type ModuleRef = Type | DynamicModule | Promise<DynamicModule> | { forwardRef: () => Type };

/** The controllers of a module tree, found the way Nest's scanner finds them (static metadata plus dynamic-module fields). */
async function controllersOf(ref: ModuleRef, seen = new Set<unknown>()): Promise<Type[]> {
  const resolved = 'forwardRef' in ref ? ref.forwardRef() : await ref;
  const type = 'module' in resolved ? resolved.module : resolved;
  const key = 'module' in resolved ? resolved : type;
  if (seen.has(key)) return [];
  seen.add(key);
  const dynamic: Partial<DynamicModule> = 'module' in resolved ? resolved : {};
  const imports: ModuleRef[] = [...(Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) ?? []), ...(dynamic.imports ?? [])];
  const controllers: Type[] = [...(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) ?? []), ...(dynamic.controllers ?? [])];
  for (const imported of imports) controllers.push(...(await controllersOf(imported, seen)));
  return controllers;
}

/** Every route Nest registers for the app (global prefix `api`), as `GET /api/playlists/{id}` -> the controller method that answers it. */
async function registeredRoutes(): Promise<Map<string, string>> {
  return new Map([...(await scanRoutes()).entries()].map(([key, route]) => [key, route.handler]));
}

interface ScannedRoute {
  handler: string;
  /** What SessionAuthGuard reads: @Public() on the method or its controller. */
  isPublic: boolean;
}

async function scanRoutes(): Promise<Map<string, ScannedRoute>> {
  const module = AppModule.register(loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1:1/unused', SESSION_SECRET: 'x'.repeat(32) }));
  const explorer = new PathsExplorer(new MetadataScanner());
  const routes = new Map<string, ScannedRoute>();
  for (const controller of new Set(await controllersOf(module))) {
    const prefixes: string[] = [Reflect.getMetadata(PATH_METADATA, controller) ?? '/'].flat();
    for (const route of explorer.scanForPaths(controller.prototype as object, controller.prototype as object)) {
      for (const prefix of prefixes) {
        for (const path of route.path) {
          const full = `/api/${prefix}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1').replace(/:(\w+)/g, '{$1}');
          const isPublic = Boolean(Reflect.getMetadata(IS_PUBLIC, route.targetCallback) ?? Reflect.getMetadata(IS_PUBLIC, controller));
          routes.set(`${RequestMethod[route.requestMethod]} ${full}`, { handler: `${controller.name}.${route.methodName}`, isPublic });
        }
      }
    }
  }
  return routes;
}

const documentedRoutes = (): string[] => API_ROUTES.map((route) => `${route.method.toUpperCase()} ${route.path}`).sort();

describe('the route table behind /api/docs/openapi.json', () => {
  it('lists every route Nest registers, and only those', async () => {
    const registered = [...(await registeredRoutes()).keys()].sort();
    const documented = documentedRoutes();
    expect(new Set(documented).size, 'a route is listed twice in packages/contracts/src/openapi/routes.ts').toBe(documented.length);
    expect(
      registered.filter((route) => !documented.includes(route)),
      'registered by a controller but missing from packages/contracts/src/openapi/routes.ts',
    ).toEqual([]);
    expect(
      documented.filter((route) => !registered.includes(route)),
      'listed in packages/contracts/src/openapi/routes.ts but no controller registers it',
    ).toEqual([]);
  });

  it('names, for each operation, the controller method Nest routes it to (whose answer type openapi-handlers.ts checks)', async () => {
    const registered = await registeredRoutes();
    const named = Object.entries(ROUTE_HANDLERS).map(([key, { controller, method }]) => {
      const [verb, path] = key.split(' ');
      return [`${verb!.toUpperCase()} ${path}`, `${controller.name}.${method}`] as const;
    });
    expect(named.filter(([key, handler]) => registered.get(key) !== handler).map(([key, handler]) => `${key}: ${handler}, but Nest routes it to ${registered.get(key)}`)).toEqual([]);
  });

  it('documents as public exactly the routes @Public() opens to guests', async () => {
    const scanned = await scanRoutes();
    const wrong = API_ROUTES.filter((route) => scanned.get(`${route.method.toUpperCase()} ${route.path}`)?.isPublic !== (route.access === 'public'));
    expect(wrong.map((route) => `${route.method} ${route.path} is documented as ${route.access}`)).toEqual([]);
  });

  it('describes the multipart file fields under the names the upload interceptors read', () => {
    const document = createOpenApiDocument() as unknown as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { format?: string }>; required?: string[] } }> } }>> };
    const form = (path: string, method: string) => document.paths[path]![method]!.requestBody!.content['multipart/form-data']!.schema;
    const files = (path: string, method: string) =>
      Object.entries(form(path, method).properties)
        .filter(([, schema]) => schema.format === 'binary')
        .map(([name]) => name)
        .sort();
    expect(files('/api/songs/new', 'post')).toEqual([SONG_COVER_FIELD, SONG_AUDIO_FIELD].sort());
    expect(form('/api/songs/new', 'post').required).toEqual(expect.arrayContaining(['song_name', SONG_COVER_FIELD, SONG_AUDIO_FIELD]));
    expect(files('/api/songs/{id}/update', 'put')).toEqual([SONG_COVER_FIELD, SONG_AUDIO_FIELD].sort());
    expect(form('/api/songs/{id}/update', 'put').required).toEqual(['song_name']);
    expect(files('/api/albums/new', 'post')).toEqual([ALBUM_COVER_FIELD]);
    expect(files('/api/albums/{id}/update', 'put')).toEqual([ALBUM_COVER_FIELD]);
    expect(files('/api/playlists/new', 'post')).toEqual([PLAYLIST_COVER_FIELD]);
    expect(files('/api/uploads/songs', 'post')).toEqual([IMPORT_AUDIO_FIELD, IMPORT_COVER_FIELD, IMPORT_LYRICS_FIELD].sort());
    expect(form('/api/uploads/songs', 'post').required).toEqual([IMPORT_AUDIO_FIELD]);
  });

  it('gives every operation a typed answer, every body a schema and every error the one error shape', () => {
    const document = createOpenApiDocument();
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, { requestBody?: unknown; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>)) {
        operations++;
        const where = `${method.toUpperCase()} ${path}`;
        const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        expect(success.length, where).toBeGreaterThan(0);
        for (const [status, response] of success) expect(Object.values(response.content ?? {}).every((media) => media.schema), `${where} ${status}`).toBe(true);
        const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400 && !(path === '/api/health' && status === '503'));
        for (const [status, response] of errors) expect(response.content?.['application/json']?.schema, `${where} ${status}`).toEqual({ $ref: '#/components/schemas/ApiError' });
        if (['post', 'put'].includes(method) && !path.startsWith('/api/auth/logout')) expect(operation.requestBody, `${where} has no request body`).toBeDefined();
      }
    }
    expect(operations).toBe(API_ROUTES.length);
    expect(document.components?.schemas?.ApiError).toMatchObject({ properties: { errors: { type: 'object', additionalProperties: { type: 'string' } } } });
    expect(document.paths?.['/api/songs']?.get?.parameters?.map((parameter) => ('name' in parameter ? parameter.name : ''))).toEqual(['limit', 'cursor', 'offset']);
  });
});

describe('/api/docs on the running API', () => {
  it('serves the document generated from the route table', async () => {
    const { status, body, headers } = await new ApiClient(apiUrl).get('/api/docs/openapi.json');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toEqual(JSON.parse(JSON.stringify(createOpenApiDocument())));
  });

  it('routes every documented operation to a handler (no "Cannot GET" from the router)', async () => {
    // As a guest without a CSRF token: guards answer 401/403 only for routes the router matched.
    const unrouted: string[] = [];
    for (const route of API_ROUTES) {
      const path = route.path.replace(/\{\w+\}/g, '0123456789abcdef01234567');
      const response = await fetch(apiUrl + path, { method: route.method.toUpperCase() });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      if (response.status === 404 && /^Cannot /.test(body.message ?? '')) unrouted.push(`${route.method} ${route.path}`);
    }
    expect(unrouted).toEqual([]);
  });

  it('serves Swagger UI as a page, its script and its static files', async () => {
    const page = await fetch(`${apiUrl}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="swagger-ui">');
    for (const src of [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!)) {
      const asset = await fetch(apiUrl + src);
      expect(asset.status, src).toBe(200);
      await asset.arrayBuffer();
    }
    expect((await fetch(`${apiUrl}/api/docs/ui/package.json`)).status).toBe(404);
  });
});
