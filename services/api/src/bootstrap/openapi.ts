import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Router, type Response } from 'express';

/**
 * `/api/docs` (Swagger UI) and `/api/docs/openapi.json`. The document is generated from the route table and zod
 * schemas of `@tunafy/contracts/openapi`, not from decorators, so the API carries no OpenAPI library at run time:
 * the generator is loaded on the first request for the document (rare: docs readers and client generators), and
 * Swagger UI is static files the browser loads. These are plain Express routes, not Nest ones: they describe the
 * API rather than being part of it, and the route-table test compares Nest's routes with the document exactly.
 */
export const DOCS_PATH = '/api/docs';

// Only the package's folder: requiring swagger-ui-dist itself would load its 1.5 MB browser bundle into the process.
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Tunafy API</title>
    <link rel="stylesheet" href="${DOCS_PATH}/ui/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${DOCS_PATH}/ui/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATH}/ui/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/swagger-initializer.js"></script>
  </body>
</html>
`;

// A file of its own, not an inline script: the API's Content-Security-Policy (helmet) allows scripts from 'self' only.
// "Try it out" sends the session cookie, and state-changing calls get a CSRF token first, as the UIs do.
const INITIALIZER = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(`${DOCS_PATH}/openapi.json`)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  requestInterceptor: async (request) => {
    if (!/^(GET|HEAD)$/i.test(request.method)) {
      const answer = await fetch('/api/auth/csrf', { credentials: 'same-origin' });
      request.headers['x-csrf-token'] = (await answer.json()).csrf_token;
    }
    return request;
  },
});
`;

/** The files the page loads; nothing else of the package is served. */
const UI_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-16x16.png', 'favicon-32x32.png']);

let documentJson: Promise<string> | undefined;

/** The document, generated once per process on first use. */
export function openApiJson(): Promise<string> {
  documentJson ??= import('@tunafy/contracts/openapi').then(({ createOpenApiDocument }) => JSON.stringify(createOpenApiDocument()));
  documentJson.catch(() => (documentJson = undefined));
  return documentJson;
}

function sendPage(res: Response, type: string, body: string): void {
  res.type(type).setHeader('Cache-Control', 'no-cache');
  res.send(body);
}

export function setupOpenApi(app: INestApplication): void {
  const docs = Router();
  docs.get('/', (_req, res) => sendPage(res, 'html', PAGE));
  docs.get('/swagger-initializer.js', (_req, res) => sendPage(res, 'js', INITIALIZER));
  docs.get('/openapi.json', (_req, res, next) => {
    openApiJson().then((json) => sendPage(res, 'json', json), next);
  });
  docs.get('/ui/:file', (req, res, next) => {
    if (!UI_FILES.has(req.params.file)) return next();
    res.sendFile(join(swaggerUiDir, req.params.file), { maxAge: '1d' }, (error) => error && next(error));
  });
  app.use(DOCS_PATH, docs);
}
