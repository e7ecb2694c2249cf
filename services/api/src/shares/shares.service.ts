import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  SHARE_LIMITS,
  SHARE_MESSAGES,
  pageQuerySchema,
  shareInputSchema,
  validate,
  type CreatedShare,
  type DeletedResponse,
  type SessionUser,
  type Share,
  type SharedItem,
  type SharesPage,
} from '@tunafy/contracts';
import type { Connection } from 'mongoose';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { toPageRequest } from '../catalog/page-query.js';
import { pageOf } from '../catalog/paging.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { ApiException } from '../common/api-exception.js';
import { requireId } from '../common/ids.js';
import { encodeCursor } from '../common/paging.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { StoredRevision, type RevisionDocument } from '../database/stored-revision.js';
import { DB_CONNECTION } from '../database/tokens.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import { SharesRepository, type ShareRecord } from './shares.repository.js';
import { hashShareToken, lookupOf, newShareToken, sameHash, shareIdOfHash } from './share-tokens.js';
import { holdsSong, itemName, liveItem, sharedItemView, sharedSongs, type SharedRecord } from './share-view.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CACHE_MAX = 5000;
/** The sweep's first run waits past startup, as the janitor's does. */
const FIRST_SWEEP_DELAY_MS = 60_000;

/** A share that opens: its record and its item as the catalog holds it now. */
export interface OpenShare {
  share: ShareRecord;
  item: SharedRecord;
  token: string;
}

/**
 * Share links (docs/shares.md): made, listed and revoked by their owner, opened by anyone holding one. Opening is
 * answered from a per-process cache keyed by the stored `shares` revision, which every make and revoke bumps, so a
 * revoked link stops on every replica within SESSION_RECHECK_MS while a playing album's range requests cost no
 * database read. Links that do not open are counted per address; past SHARE_RATE_LIMIT a minute, that address
 * gets 429 for any link until the minute is over.
 */
@Injectable()
export class SharesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Shares');
  private readonly revision: StoredRevision;
  private readonly misses: RateLimiterMemory;
  private readonly byId = new Map<string, { rev: number; share: ShareRecord | null }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repository: SharesRepository,
    private readonly catalog: CatalogReadModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB_CONNECTION) connection: Connection,
  ) {
    this.revision = new StoredRevision(() => connection.db!.collection<RevisionDocument>('meta'), 'shares', () => config.sessionRecheckMs);
    this.misses = new RateLimiterMemory({ points: config.shareRateLimit, duration: 60 });
  }

  onApplicationBootstrap(): void {
    const interval = this.config.janitorIntervalMs;
    if (interval <= 0) return;
    const tick = () => void this.sweep().catch((error: Error) => this.logger.warn(`sweeping shares of deleted items failed: ${error.message}`));
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, interval).unref();
    }, Math.min(FIRST_SWEEP_DELAY_MS, interval)).unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Deletes the shares whose item is gone (a share dies with its item): they already answer 404, this only drops the
   * records, every JANITOR_INTERVAL_MS. Only shares older than JANITOR_GRACE_MS go: an item made through another
   * replica a moment ago may not be in this copy of the catalog yet. A playlist made private keeps its shares.
   */
  async sweep(now = Date.now()): Promise<number> {
    const model = await this.catalog.current();
    const dead = (await this.repository.listItems())
      .filter((share) => share.createdAt.getTime() < now - this.config.janitorGraceMs)
      .filter((share) => !liveItem(model, share.kind, share.itemId) && !(share.kind === 'playlist' && model.visiblePlaylist(share.itemId, share.userId)))
      .map((share) => share.id);
    if (dead.length === 0) return 0;
    await this.repository.deleteByIds(dead);
    await this.revision.bump();
    this.logger.log(`removed ${dead.length} shares of deleted items`);
    return dead.length;
  }

  async create(user: SessionUser, body: unknown, origin: string): Promise<CreatedShare> {
    const input = validate(shareInputSchema, body ?? {});
    if (!input.ok) throw ApiException.validation(input.errors);
    const { kind } = input.value;
    const itemId = input.value.id.toLowerCase();
    const model = await this.catalog.current();
    const item = ownedItem(model, kind, itemId, user.id);
    const expiresAt = expiryOf(input.value.expires_at ?? null);
    if ((await this.repository.countByUser(user.id)) >= SHARE_LIMITS.perUserMax) throw new ApiException(409, 'CONFLICT', SHARE_MESSAGES.tooMany);
    const token = newShareToken();
    const tokenHash = hashShareToken(token);
    const record = await this.repository.create({ id: shareIdOfHash(tokenHash), tokenHash, userId: user.id, kind, itemId, createdAt: new Date(), expiresAt });
    await this.revision.bump();
    return { ...present(record, itemName(item), 'active'), token, url: `${origin}/s/${token}`, embed_url: `${origin}/embed/${token}` };
  }

  /** The owner's shares, newest first. Shares whose item was deleted are dropped here (they died with it). */
  async list(user: SessionUser, query: unknown): Promise<SharesPage> {
    const parsed = validate(pageQuerySchema, query ?? {});
    if (!parsed.ok) throw ApiException.validation(parsed.errors);
    const request = toPageRequest(parsed.value);
    const model = await this.catalog.current();
    const now = Date.now();
    const records = await this.repository.listByUser(user.id);
    const rows: Share[] = [];
    const dead: string[] = [];
    for (const record of records) {
      const state = stateOf(model, record, now);
      if (state === null) dead.push(record.id);
      else rows.push(present(record, state.name, state.state));
    }
    if (dead.length > 0) {
      this.repository.deleteByIds(dead).then(
        () => this.revision.bump(),
        (error: Error) => this.logger.warn(`removing ${dead.length} shares of deleted items failed: ${error.message}`),
      );
    }
    const page = pageOf(rows.length, (position) => rows[position]!, (row) => row.id, request, (id) => rows.findIndex((row) => row.id === id) + 1);
    return { shares: page.items, next_cursor: page.nextAfterId === null ? null : encodeCursor(page.nextAfterId), total: page.total };
  }

  /**
   * The owner's live shares with their songs (the first SHARE_LIMITS.tracksMax), newest first: the Subsonic API's
   * getShares. A playlist made private since is listed (its creator still sees it), as on the web.
   */
  async ownWithSongs(user: SessionUser): Promise<{ share: ShareRecord; songs: SongRecord[] }[]> {
    const model = await this.catalog.current();
    return (await this.repository.listByUser(user.id)).flatMap((share) => {
      const playlist = share.kind === 'playlist' ? model.visiblePlaylist(share.itemId, user.id) : null;
      const item = liveItem(model, share.kind, share.itemId) ?? (playlist && { kind: 'playlist' as const, record: playlist });
      return item ? [{ share, songs: sharedSongs(model, item).songs }] : [];
    });
  }

  /**
   * The owner changes a share's description (the Subsonic API's; at most SHARE_DESCRIPTION_MAX characters) or expiry
   * (null: never); same expiry limits as a new share. Someone else's or a missing id: 404.
   */
  async update(user: SessionUser, rawId: unknown, changes: { description?: string | null; expiresAt?: string | null }): Promise<void> {
    const id = requireId(rawId, 'share');
    const description = changes.description === undefined ? undefined : cleanDescription(changes.description);
    const expiresAt = changes.expiresAt === undefined ? undefined : expiryOf(changes.expiresAt);
    if (!(await this.repository.update(user.id, id, { description, expiresAt }))) throw ApiException.notFound('Share');
    await this.revision.bump();
  }

  async revoke(user: SessionUser, rawId: unknown): Promise<DeletedResponse> {
    const id = requireId(rawId, 'share');
    if (!(await this.repository.delete(user.id, id))) throw ApiException.notFound('Share');
    await this.revision.bump();
    return { id, deleted: true };
  }

  /**
   * The share a token opens, or the one 404 for every way it cannot (unknown, malformed, revoked, expired, its item
   * deleted or made private); both counted against the caller's address, past the limit 429.
   */
  async open(token: string, address: string): Promise<OpenShare> {
    const key = `address:${address}`;
    const seen = await this.misses.get(key);
    if (seen && seen.consumedPoints >= this.config.shareRateLimit) {
      throw new ApiException(429, 'RATE_LIMITED', SHARE_MESSAGES.rateLimited);
    }
    const found = await this.find(token);
    if (found) return found;
    await this.misses.penalty(key, 1);
    throw new ApiException(404, 'NOT_FOUND', SHARE_MESSAGES.notFound);
  }

  /** The public view of an open share; counts an open. */
  async view(open: OpenShare): Promise<SharedItem> {
    this.countOpen(open.share);
    return sharedItemView(await this.catalog.current(), open.item, open.token, open.share.expiresAt);
  }

  /** A song the share may stream: one of its item's; any other answers the share's 404. */
  async song(open: OpenShare, rawSongId: string): Promise<SongRecord> {
    const songId = requireId(rawSongId, 'song');
    const model = await this.catalog.current();
    const song = model.song(songId);
    if (!song || !holdsSong(model, open.item, song)) throw ApiException.notFound('Song');
    return song;
  }

  countOpen(share: ShareRecord): void {
    this.repository.countOpen(share.id).catch((error: Error) => this.logger.warn(`counting an open of share ${share.id} failed: ${error.message}`));
  }

  private async find(token: string): Promise<OpenShare | null> {
    const lookup = lookupOf(token);
    if (!lookup) return null;
    const share = await this.record(lookup.id);
    if (!share || !sameHash(share.tokenHash, lookup.hash)) return null;
    if (share.expiresAt && share.expiresAt.getTime() <= Date.now()) return null;
    const item = liveItem(await this.catalog.current(), share.kind, share.itemId);
    return item && { share, item, token };
  }

  private async record(id: string): Promise<ShareRecord | null> {
    const rev = await this.revision.current();
    const cached = this.byId.get(id);
    if (cached?.rev === rev) return cached.share;
    const share = await this.repository.findById(id);
    this.byId.delete(id);
    this.byId.set(id, { rev, share });
    if (this.byId.size > CACHE_MAX) this.byId.delete(this.byId.keys().next().value!);
    return share;
  }
}

/** The item the user may share: 404 when it is missing or someone else's private playlist, 403 when not theirs. */
function ownedItem(model: CatalogModel, kind: SharedRecord['kind'], id: string, userId: string): SharedRecord {
  if (kind === 'playlist') {
    const playlist = model.visiblePlaylist(id, userId);
    if (!playlist) throw ApiException.notFound('Playlist');
    if (playlist.creatorId !== userId) throw ApiException.forbidden(SHARE_MESSAGES.notYours);
    if (playlist.isPrivate) throw ApiException.forbidden(SHARE_MESSAGES.privatePlaylist);
    return { kind, record: playlist };
  }
  const item = liveItem(model, kind, id);
  if (!item) throw ApiException.notFound(kind === 'song' ? 'Song' : 'Album');
  const ownerId = item.kind === 'playlist' ? item.record.creatorId : item.record.artistId;
  if (ownerId !== userId) throw ApiException.forbidden(SHARE_MESSAGES.notYours);
  return item;
}

/** Longest description a share keeps (a line a Subsonic app shows beside the link). */
export const SHARE_DESCRIPTION_MAX = 500;

/** Control characters and text-direction marks removed, as in names; empty means none. */
function cleanDescription(text: string | null): string | null {
  const clean = (text ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/gu, ' ').trim();
  if (clean.length > SHARE_DESCRIPTION_MAX) throw ApiException.validation({ description: `A description must be at most ${SHARE_DESCRIPTION_MAX} characters.` });
  return clean === '' ? null : clean;
}

function expiryOf(text: string | null): Date | null {
  if (text === null) return null;
  const at = new Date(text);
  const now = Date.now();
  if (at.getTime() <= now) throw ApiException.validation({ expires_at: SHARE_MESSAGES.expiresInPast });
  if (at.getTime() > now + SHARE_LIMITS.expiresInDaysMax * DAY_MS) throw ApiException.validation({ expires_at: SHARE_MESSAGES.expiresTooLate });
  return at;
}

/** A listed share's item name and state; null once its item is deleted. */
function stateOf(model: CatalogModel, share: ShareRecord, now: number): { name: string; state: Share['state'] } | null {
  let item: SharedRecord | null = liveItem(model, share.kind, share.itemId);
  let state: Share['state'] = 'active';
  if (!item && share.kind === 'playlist') {
    // Private now (the creator still sees it): listed, not playing.
    const playlist = model.visiblePlaylist(share.itemId, share.userId);
    if (!playlist) return null;
    item = { kind: 'playlist', record: playlist };
    state = 'private';
  }
  if (!item) return null;
  if (share.expiresAt && share.expiresAt.getTime() <= now) state = 'expired';
  return { name: itemName(item), state };
}

function present(record: ShareRecord, name: string, state: Share['state']): Share {
  return {
    id: record.id,
    kind: record.kind,
    item_id: record.itemId,
    item_name: name,
    created_at: record.createdAt.toISOString(),
    expires_at: record.expiresAt?.toISOString() ?? null,
    opens: record.opens,
    state,
  };
}
