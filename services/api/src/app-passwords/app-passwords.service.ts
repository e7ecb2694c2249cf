import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  APP_PASSWORD_LIMITS,
  appPasswordInputSchema,
  validate,
  type AppPassword,
  type AppPasswordsResponse,
  type CreatedAppPassword,
  type DeletedResponse,
  type SessionUser,
} from '@tunafy/contracts';
import type { Connection } from 'mongoose';
import { toSessionUser } from '../auth/auth.service.js';
import { ApiException } from '../common/api-exception.js';
import { requireId } from '../common/ids.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { StoredRevision, type RevisionDocument } from '../database/stored-revision.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { UsersRepository } from '../persistence/users.repository.js';
import { AppPasswordsRepository, type AppPasswordRecord } from './app-passwords.repository.js';
import { SecretBox } from './secret-box.js';

/** How an app proved who it is (Subsonic's three schemes; docs/subsonic.md, "Signing in"). */
export type AppCredentials =
  | { kind: 'apiKey'; apiKey: string }
  | { kind: 'password'; username: string; password: string }
  | { kind: 'token'; username: string; token: string; salt: string };

export interface VerifiedApp {
  user: SessionUser;
  appPasswordId: string;
}

/** Unambiguous characters only (no 0/o, 1/l/i), since people type these into phones and TVs: 120 bits in 24. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CACHE_MAX = 5000;
const MARK_USED_EVERY_MS = 60_000;

function newSecret(): string {
  const characters = Array.from({ length: 24 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return characters.join('').replace(/(.{4})(?!$)/g, '$1-');
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b.toLowerCase(), 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

function present(record: AppPasswordRecord): AppPassword {
  return {
    id: record.id,
    name: record.name,
    created_at: record.createdAt.toISOString(),
    last_used_at: record.lastUsedAt?.toISOString() ?? null,
    last_used_client: record.lastUsedClient,
  };
}

/** A map that forgets its oldest entries past CACHE_MAX. */
function remember<V>(map: Map<string, V>, key: string, value: V): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > CACHE_MAX) map.delete(map.keys().next().value!);
  return value;
}

/**
 * App passwords: made, listed and revoked on the web (Connected apps), checked on every Subsonic call. Checks are
 * answered from a per-process cache keyed by the stored `app-passwords` revision, which every make and revoke bumps:
 * a revoked password is refused on every replica within SESSION_RECHECK_MS (1 s), with no database read per call.
 */
@Injectable()
export class AppPasswordsService {
  private readonly logger = new Logger('AppPasswords');
  private readonly box: SecretBox;
  private readonly revision: StoredRevision;
  private readonly byLookup = new Map<string, { rev: number; found: (VerifiedApp & { record: AppPasswordRecord }) | null }>();
  private readonly byUsername = new Map<string, { rev: number; user: SessionUser | null; secrets: { record: AppPasswordRecord; plain: string }[] }>();
  private readonly markedAt = new Map<string, number>();

  constructor(
    private readonly repository: AppPasswordsRepository,
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DB_CONNECTION) connection: Connection,
  ) {
    this.box = new SecretBox(config.appPasswordKey.current, config.appPasswordKey.previous);
    this.revision = new StoredRevision(() => connection.db!.collection<RevisionDocument>('meta'), 'app-passwords', () => config.sessionRecheckMs);
  }

  async list(user: SessionUser): Promise<AppPasswordsResponse> {
    const records = await this.repository.listByUser(user.id);
    return { app_passwords: records.map(present), username: user.username };
  }

  async create(user: SessionUser, body: unknown): Promise<CreatedAppPassword> {
    const input = validate(appPasswordInputSchema, body ?? {});
    if (!input.ok) throw ApiException.validation(input.errors);
    if ((await this.repository.countByUser(user.id)) >= APP_PASSWORD_LIMITS.perUserMax) {
      throw new ApiException(409, 'CONFLICT', `You can have at most ${APP_PASSWORD_LIMITS.perUserMax} app passwords. Revoke one you no longer use first.`);
    }
    const password = newSecret();
    const record = await this.repository.create({
      userId: user.id,
      name: input.value.name,
      secret: this.box.seal(password),
      lookup: sha256(password),
      createdAt: new Date(),
    });
    await this.revision.bump();
    return { ...present(record), password };
  }

  async revoke(user: SessionUser, id: unknown): Promise<DeletedResponse> {
    const appPasswordId = requireId(id, 'app password');
    if (!(await this.repository.delete(user.id, appPasswordId))) throw ApiException.notFound('App password');
    await this.revision.bump();
    return { id: appPasswordId, deleted: true };
  }

  /** The user an app signs in as, or null when the credentials match no app password. */
  async verify(credentials: AppCredentials, client: string | null): Promise<VerifiedApp | null> {
    const rev = await this.revision.current();
    let found: { user: SessionUser; record: AppPasswordRecord; stale?: boolean } | null = null;
    if (credentials.kind === 'token') {
      const account = await this.secretsOf(credentials.username, rev);
      for (const secret of account.secrets) {
        if (sameHex(createHash('md5').update(secret.plain + credentials.salt, 'utf8').digest('hex'), credentials.token)) {
          found = { user: account.user!, record: secret.record };
          break;
        }
      }
    } else {
      const hit = await this.byHash(credentials.kind === 'apiKey' ? credentials.apiKey : credentials.password, rev);
      if (hit && (credentials.kind === 'apiKey' || hit.user.username.toLowerCase() === credentials.username.toLowerCase())) found = hit;
    }
    if (!found) return null;
    this.markUsed(found.record, client);
    return { user: found.user, appPasswordId: found.record.id };
  }

  private async byHash(secret: string, rev: number): Promise<(VerifiedApp & { record: AppPasswordRecord }) | null> {
    const lookup = sha256(secret);
    const cached = this.byLookup.get(lookup);
    if (cached?.rev === rev) return cached.found;
    const record = await this.repository.findByLookup(lookup);
    const user = record && (await this.users.findById(record.userId));
    const found = record && user ? { user: toSessionUser(user), appPasswordId: record.id, record } : null;
    if (record) this.resealIfStale(record);
    return remember(this.byLookup, lookup, { rev, found }).found;
  }

  private async secretsOf(username: string, rev: number) {
    const key = username.toLowerCase();
    const cached = this.byUsername.get(key);
    if (cached?.rev === rev) return cached;
    const user = await this.users.findByUsername(username);
    const records = user ? await this.repository.listByUser(user.id) : [];
    const secrets = records.flatMap((record) => {
      const opened = this.box.open(record.secret);
      if (!opened) this.logger.warn(`app password ${record.id} cannot be opened with the configured APP_PASSWORD_KEY(_PREVIOUS)`);
      else if (opened.stale) this.resealIfStale(record);
      return opened ? [{ record, plain: opened.plain }] : [];
    });
    return remember(this.byUsername, key, { rev, user: user ? toSessionUser(user) : null, secrets });
  }

  private resealIfStale(record: AppPasswordRecord): void {
    const opened = this.box.open(record.secret);
    if (!opened?.stale) return;
    this.repository.reseal(record.id, this.box.seal(opened.plain)).catch((error: Error) => this.logger.warn(`re-sealing app password ${record.id} failed: ${error.message}`));
  }

  /** Last used is for people: written at most once a minute per app password, never in the call's way. */
  private markUsed(record: AppPasswordRecord, client: string | null): void {
    const now = Date.now();
    if (now - (this.markedAt.get(record.id) ?? 0) < MARK_USED_EVERY_MS) return;
    remember(this.markedAt, record.id, now);
    this.repository.markUsed(record.id, new Date(now), client?.slice(0, 100) ?? null).catch((error: Error) => this.logger.warn(`marking app password ${record.id} used failed: ${error.message}`));
  }
}
