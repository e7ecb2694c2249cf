import { Router, type NextFunction, type Request, type Response } from 'express';
import type { AppConfig } from '../config/app-config.js';
import { originOf } from './origin.js';
import { pagePolicy, type PageMode } from './share-page.js';
import type { SharePages } from './share-pages.js';
import { addressOf } from './shares.controller.js';

/**
 * `/s/{token}` (the share page) and `/embed/{token}` (the player other sites frame). Plain
 * Express routes outside /api, mounted before the session chain: a guest's page view makes no session. The
 * gateways send these paths to the API (packages/stack/src/gateway.ts, deploy/nginx/gateway.conf.template).
 */
export function sharePagesRouter(pages: SharePages, config: Pick<AppConfig, 'publicUrl'>): Router {
  const router = Router();
  const page = (mode: PageMode) => (req: Request, res: Response, next: NextFunction) => {
    pages.render(String(req.params.token), mode, originOf(req, config), addressOf(req)).then((rendered) => {
      res.status(rendered.status);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      // The link is the secret: never kept by a shared cache, never sent on as a Referer.
      res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader('Content-Security-Policy', pagePolicy(mode, pages.playerScript));
      // Framed only as the embed; the page itself never (helmet's SAMEORIGIN would let this origin frame it).
      // helmet's Cross-Origin-Resource-Policy (same-site) would keep Chromium from showing the embed in another site's frame.
      if (mode === 'embed') {
        res.removeHeader('X-Frame-Options');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      } else res.setHeader('X-Frame-Options', 'DENY');
      if (rendered.status === 429) res.setHeader('Retry-After', '60');
      res.end(rendered.html);
    }, next);
  };
  router.get('/s/:token', page('page'));
  router.get('/embed/:token', page('embed'));
  return router;
}
