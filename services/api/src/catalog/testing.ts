import type { CatalogReadModel } from './catalog-read-model.js';
import { CatalogModel } from './catalog-model.js';
import type { CatalogChange } from './change-feed.js';

/**
 * A CatalogReadModel for service unit tests: a real CatalogModel in memory, no
 * database and no feed. `recorded` lists the changes services logged, in
 * order, so tests can check what a write told the other replicas.
 */
export function fakeCatalog(model = new CatalogModel()): CatalogReadModel & { recorded: CatalogChange[]; state: CatalogModel } {
  const recorded: CatalogChange[] = [];
  const fake = {
    state: model,
    recorded,
    get model() {
      return model;
    },
    current: async () => model,
    record: async (changes: CatalogChange[], apply: (target: CatalogModel) => void) => {
      apply(model);
      recorded.push(...changes);
    },
    serialize: <T>(_key: string, task: () => Promise<T>) => task(),
    reloadEverywhere: async () => undefined,
    reload: async () => undefined,
  };
  return fake as unknown as CatalogReadModel & { recorded: CatalogChange[]; state: CatalogModel };
}
