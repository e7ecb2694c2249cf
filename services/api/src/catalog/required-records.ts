import { ApiException } from '../common/api-exception.js';
import { requireId } from '../common/ids.js';
import type { CatalogModel } from './catalog-model.js';

type CatalogSong = NonNullable<ReturnType<CatalogModel['song']>>;

/** The song a request names: 400 for a malformed id, 404 when the catalog has none (the web's and lyrics' routes alike). */
export function requiredSong(model: CatalogModel, rawId: unknown): CatalogSong {
  const song = model.song(requireId(rawId, 'song'));
  if (!song) throw ApiException.notFound('Song');
  return song;
}
