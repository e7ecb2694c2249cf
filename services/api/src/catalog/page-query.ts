import type { PageQuery } from '@tunafy/contracts';
import { decodeCursor } from '../common/paging.js';
import type { PageRequest } from './paging.js';

/** A validated page query as the read model takes it (the cursor decoded to the id it continues after). */
export function toPageRequest(page: PageQuery): PageRequest {
  return { limit: page.limit, afterId: decodeCursor(page.cursor), offset: page.offset };
}
