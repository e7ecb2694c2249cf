import type { SongRecord } from '../persistence/songs.repository.js';
import type { CatalogReadModel } from './catalog-read-model.js';
import { CatalogModel } from './catalog-model.js';
import type { CatalogChange } from './change-feed.js';

/**
 * A CatalogReadModel for service unit tests: a real CatalogModel in memory, no
 * database and no feed. `recorded` lists the changes services logged, in
 * order, so tests can check what a write told the other replicas.
 */
export function fakeCatalog(model = new CatalogModel(), log?: string[]): CatalogReadModel & { recorded: CatalogChange[]; state: CatalogModel } {
  const recorded: CatalogChange[] = [];
  const fake = {
    state: model,
    recorded,
    get model() {
      return model;
    },
    current: async () => model,
    publish: async (changes: CatalogChange[], apply: (target: CatalogModel) => void) => {
      apply(model);
      recorded.push(...changes);
      // Into the caller's log of side effects, so tests can check where in a write the model was told.
      log?.push(`catalog.publish ${changes.map((change) => change.kind).join(',')}`);
    },
    underRecordLock: <T>(_key: string, task: () => Promise<T>) => task(),
    reloadEverywhere: async () => undefined,
    reload: async () => undefined,
  };
  return fake as unknown as CatalogReadModel & { recorded: CatalogChange[]; state: CatalogModel };
}

/** A Map of songs that mirrors every set and delete into a model, for tests that keep their own record of songs. */
export class ModelBackedSongs extends Map<string, SongRecord> {
  constructor(private readonly model: CatalogModel) {
    super();
  }

  override set(id: string, song: SongRecord): this {
    // Map's constructor calls set() before the model field is assigned.
    this.model?.putSong(song);
    return super.set(id, song);
  }

  override delete(id: string): boolean {
    this.model.deleteSong(id);
    return super.delete(id);
  }
}
