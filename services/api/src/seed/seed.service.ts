import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { AlbumsRepository } from '../persistence/albums.repository.js';
import { PasswordHasher } from '../auth/password-hasher.service.js';
import { LikesRepository } from '../persistence/likes.repository.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { MediaInspector } from '../media/media-inspector.js';
import { MediaStore } from '../media/media-store.js';
import { PlaylistEntriesRepository } from '../persistence/playlist-entries.repository.js';
import { PlaylistsRepository } from '../persistence/playlists.repository.js';
import { SongsRepository } from '../persistence/songs.repository.js';
import { UsersRepository } from '../persistence/users.repository.js';
import { CATALOG, songCover, type SeedCatalog } from './catalog.js';
import { SeedClaim } from './seed-claim.js';
import { renderCover } from '../media/synth/render-cover.js';
import { synthesizeSong } from '../media/synth/synth-song.js';

interface SeedKeyDocument {
  _id: string;
  id: string;
}

export interface SeedReport {
  created: { users: number; albums: number; songs: number; playlists: number };
}

/**
 * Loads the demo catalog through the same repositories and media store as
 * real uploads. Every item is remembered by its catalog key (collection
 * `seed_keys`), so running it again creates only what is missing: it is
 * idempotent, and restores demo items a user deleted.
 */
@Injectable()
export class SeedService {
  private readonly logger = new Logger('Seed');

  constructor(
    @Inject(DB_CONNECTION) private readonly connection: Connection,
    private readonly users: UsersRepository,
    private readonly albums: AlbumsRepository,
    private readonly songs: SongsRepository,
    private readonly playlists: PlaylistsRepository,
    private readonly entries: PlaylistEntriesRepository,
    private readonly likes: LikesRepository,
    private readonly media: MediaStore,
    private readonly inspector: MediaInspector,
    private readonly hasher: PasswordHasher,
    private readonly catalog: CatalogReadModel,
  ) {}

  private get keys() {
    return this.connection.db!.collection<SeedKeyDocument>('seed_keys');
  }

  /**
   * Seeds a brand-new database, and finishes a first seed that was cut off
   * (the process was killed mid-way). A claim makes exactly one replica seed
   * when several start at once; a claim older than ten minutes is taken to be
   * from a seeder that died (SeedClaim).
   */
  async seedIfEmpty(): Promise<boolean> {
    const claim = new SeedClaim(this.connection.db!);
    const state = await claim.state();
    if (state?.state === 'done') return false;
    if (!state && (await this.users.count()) > 0) return false;
    if (!(await claim.take(state))) return false;
    this.logger.log('loading the demo catalog (first start only; about a minute)');
    const report = await this.load();
    await claim.finish();
    this.logger.log(`demo catalog loaded: ${JSON.stringify(report.created)}`);
    return true;
  }

  async load(catalog: SeedCatalog = CATALOG): Promise<SeedReport> {
    const created = { users: 0, albums: 0, songs: 0, playlists: 0 };
    const userIds = new Map<string, string>();
    for (const user of catalog.users) {
      const existing = await this.users.findByEmail(user.email);
      if (existing) {
        userIds.set(user.key, existing.id);
        continue;
      }
      const record = await this.users.create({ email: user.email, username: user.username, passwordHash: await this.hasher.hash(user.password) });
      userIds.set(user.key, record.id);
      created.users += 1;
    }

    const albumIds = new Map<string, string>();
    for (const album of catalog.albums) {
      const id = await this.ensure(album.key, (known) => this.albums.findById(known), async () => {
        const [cover] = await this.storeCovers([{ seed: album.coverSeed, title: album.name }]);
        return this.albums.create({ name: album.name, artistId: userIds.get(album.artist)!, coverFileId: cover! });
      });
      if (id.created) created.albums += 1;
      albumIds.set(album.key, id.id);
    }

    const songIds = new Map<string, string>();
    for (const song of catalog.songs) {
      const id = await this.ensure(song.key, (known) => this.songs.findById(known), async () => {
        const [cover] = await this.storeCovers([songCover(song, catalog)]);
        const data = synthesizeSong({ seed: song.audioSeed, seconds: song.seconds });
        // Judged like any upload, so the stored duration is the one read from the mp3.
        const inspected = await this.inspector.inspectSong(data);
        if (!inspected) throw new Error(`generated audio for ${song.key} is not a valid mp3`);
        const audio = await this.media.save({ kind: 'audio', contentType: inspected.contentType, fileName: `${song.key.slice(5)}.mp3`, data });
        return this.songs.create({
          name: song.name,
          artistId: userIds.get(song.artist)!,
          albumId: song.album ? albumIds.get(song.album)! : null,
          coverFileId: cover!,
          audioFileId: audio.id,
          duration: inspected.duration,
        });
      });
      if (id.created) created.songs += 1;
      songIds.set(song.key, id.id);
    }

    for (const playlist of catalog.playlists) {
      const creatorId = userIds.get(playlist.creator)!;
      const id = await this.ensure(playlist.key, (known) => this.playlists.findVisible(known, creatorId), async () => {
        const [cover] = await this.storeCovers([{ seed: playlist.coverSeed, title: playlist.name }]);
        return this.playlists.create({
          name: playlist.name,
          description: playlist.description ?? null,
          isPrivate: playlist.private === true,
          creatorId,
          coverFileId: cover!,
        });
      });
      if (id.created) {
        created.playlists += 1;
        for (const song of playlist.songs) await this.entries.add(id.id, songIds.get(song)!);
      }
    }

    for (const [userKey, songKeys] of Object.entries(catalog.likes)) {
      for (const songKey of songKeys) await this.likes.like(userIds.get(userKey)!, songIds.get(songKey)!);
    }
    // Written behind the read model's back, in bulk: every replica reloads it once.
    await this.catalog.reloadEverywhere();
    return { created };
  }

  /** The id remembered for `key` if that item still exists, else creates it and remembers the new id. */
  private async ensure(key: string, find: (id: string) => Promise<{ id: string } | null>, create: () => Promise<{ id: string }>): Promise<{ id: string; created: boolean }> {
    const known = await this.keys.findOne({ _id: key });
    if (known && (await find(known.id))) return { id: known.id, created: false };
    const record = await create();
    await this.keys.updateOne({ _id: key }, { $set: { id: record.id } }, { upsert: true });
    return { id: record.id, created: true };
  }

  private async storeCovers(covers: { seed: number; title: string }[]): Promise<string[]> {
    const ids: string[] = [];
    for (const cover of covers) {
      const stored = await this.media.save({ kind: 'image', contentType: 'image/png', fileName: 'cover.png', data: renderCover(cover) });
      ids.push(stored.id);
    }
    return ids;
  }
}
