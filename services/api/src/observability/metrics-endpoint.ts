import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { catalogItems, registry } from './metrics.js';

export const METRICS_PATH = '/api/metrics';

/** Loopback and the private ranges a compose network, a pod network or a LAN uses. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
INTERNAL.addAddress('::1', 'ipv6');
INTERNAL.addSubnet('fc00::', 7, 'ipv6');

function isInternalAddress(address: string | undefined): boolean {
  if (!address) return false;
  // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d.
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  return INTERNAL.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export interface MetricsEndpointOptions {
  /** METRICS_TOKEN: a scraper sending `Authorization: Bearer <token>` is answered from anywhere. */
  token?: string;
  /** Catalog sizes at scrape time, or null before the catalog is loaded. */
  catalogCounts: () => { songs: number; albums: number } | null;
}

/**
 * Who may read the metrics: a request with the right bearer token, or one that comes straight from an
 * internal address. "Straight" is decided by the socket, not by `req.ip`: anything that passed a proxy
 * carries X-Forwarded-For or Forwarded (the gateways add it), and behind a gateway on the same network the
 * socket's address would be the gateway's own, internal one. So whatever TRUST_PROXY says, a request
 * relayed by a gateway needs the token; Prometheus scrapes each replica directly (deploy/README.md).
 */
export function mayReadMetrics(req: Request, token: string | undefined): boolean {
  const authorization = req.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    // Compared as digests: same length whatever was sent, in constant time.
    return !!token && !!match && timingSafeEqual(digest(match[1]!), digest(token));
  }
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  return isInternalAddress(req.socket.remoteAddress);
}

/**
 * GET /api/metrics in the Prometheus text format. A plain Express handler, not a Nest route: it serves
 * the operator, not the API's clients, so it stays out of the route table and the OpenAPI document, and
 * needs no session. Anyone else gets exactly the answer of a path that does not exist (`next()` leads to
 * the API's 404), so the endpoint does not reveal itself.
 */
export function metricsEndpoint(options: MetricsEndpointOptions) {
  const token = options.token || undefined;
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!mayReadMetrics(req, token)) return next();
    const counts = options.catalogCounts();
    if (counts) {
      catalogItems.set({ kind: 'songs' }, counts.songs);
      catalogItems.set({ kind: 'albums' }, counts.albums);
    }
    registry.metrics().then(
      (text) => void res.status(200).set('Cache-Control', 'no-store').type(registry.contentType).send(text),
      (error: unknown) => next(error),
    );
  };
}
