import { readFileSync } from 'node:fs';
import { Injectable, Logger } from '@nestjs/common';
import { SHARE_MESSAGES, oembedQuerySchema, validate, type OEmbedResponse } from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';
import { EMBED_SIZE, escapeHtml, renderMissingPage, renderSharePage, type PageMode } from './share-page.js';
import { SharesService } from './shares.service.js';

/** The player script the pages inline: built from services/api/share-player/ next to this folder in dist/. */
const PLAYER_FILE = new URL('../share-player/share-player.js', import.meta.url);

export interface RenderedPage {
  status: 200 | 404 | 429;
  html: string;
}



/** Where a share page or embed URL names its token (`/s/{token}`, `/embed/{token}`), whatever the host. */
const SHARE_PATH = /^\/(?:s|embed)\/([A-Za-z0-9_-]{22})\/?$/u;

/** The share page, the embed and oEmbed: rendered by the API so link previews need no script (docs/shares.md). */
@Injectable()
export class SharePages {
  private readonly logger = new Logger('SharePages');
  /** The player's code, inlined in every page (3 KB: less than the request it saves). */
  readonly playerScript: string;

  constructor(private readonly shares: SharesService) {
    this.playerScript = loadPlayer(this.logger);
  }

  async render(token: string, mode: PageMode, origin: string, address: string): Promise<RenderedPage> {
    try {
      const open = await this.shares.open(token, address);
      const item = await this.shares.view(open);
      return { status: 200, html: renderSharePage(item, mode, { origin, token, playerScript: this.playerScript }) };
    } catch (error) {
      if (!(error instanceof ApiException)) throw error;
      const status = error.getStatus();
      if (status !== 404 && status !== 429) throw error;
      return { status, html: renderMissingPage(status === 429 ? SHARE_MESSAGES.rateLimited : SHARE_MESSAGES.notFound, origin) };
    }
  }

  async oembed(query: unknown, origin: string, address: string): Promise<OEmbedResponse> {
    const parsed = validate(oembedQuerySchema, query ?? {});
    if (!parsed.ok) throw ApiException.validation(parsed.errors);
    const token = tokenOfUrl(parsed.value.url);
    if (!token) throw new ApiException(404, 'NOT_FOUND', SHARE_MESSAGES.notFound);
    const open = await this.shares.open(token, address);
    const item = await this.shares.view(open);
    const height = Math.min(item.kind === 'song' ? EMBED_SIZE.height : EMBED_SIZE.listHeight, parsed.value.maxheight ?? Number.POSITIVE_INFINITY);
    const width = Math.min(EMBED_SIZE.width, parsed.value.maxwidth ?? Number.POSITIVE_INFINITY);
    const title = `${item.name} · Tunafy`;
    const src = `${origin}/embed/${token}`;
    return {
      version: '1.0',
      type: 'rich',
      title: item.name,
      author_name: item.by.join(', '),
      provider_name: 'Tunafy',
      provider_url: `${origin}/`,
      html: `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" title="${escapeHtml(title)}" style="border:0;border-radius:12px" allow="autoplay; encrypted-media" loading="lazy"></iframe>`,
      width,
      height,
      ...(item.cover_url ? { thumbnail_url: `${origin}${item.cover_url}`, thumbnail_width: 600, thumbnail_height: 600 } : {}),
      cache_age: 3600,
    };
  }
}

export function tokenOfUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://share.invalid').pathname;
  } catch {
    return null;
  }
  return SHARE_PATH.exec(path)?.[1] ?? null;
}

function loadPlayer(logger: Logger): string {
  try {
    // Never `</script>` in it (a compiled script of ours), so it can sit inside the page's script element as is.
    return readFileSync(PLAYER_FILE, 'utf8').replace(/\n+$/u, '');
  } catch (error) {
    // A source run (unit tests) has no built player: pages still render, with the browser's own audio controls.
    logger.warn(`the share player script was not found (${(error as Error).message}); share pages render without it`);
    return '';
  }
}
