import type { Request } from 'express';
import type { AppConfig } from '../config/app-config.js';

/**
 * The origin absolute links are made with: PUBLIC_URL when set, else the request's own scheme and host. Behind the
 * gateway both come from X-Forwarded-Proto and X-Forwarded-Host, which Express trusts for TRUST_PROXY hops; the
 * gateways keep the browser's Host (deploy/nginx/proxy-api.conf), so a direct Host is right too.
 */
export function originOf(req: Request, config: Pick<AppConfig, 'publicUrl'>): string {
  if (config.publicUrl) return config.publicUrl;
  return `${req.protocol}://${req.host}`;
}
