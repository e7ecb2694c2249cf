import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import type { EntryOrder, MoveContext } from '../catalog/catalog-model.js';

/**
 * Order keys for a playlist's entries (fractional indexing: strings that sort in playlist order, with a key
 * between any two): a move writes one entry, the one moved, with a key between its new neighbours' keys,
 * so moves and adds from two tabs at once touch different documents and can never lose or duplicate a song.
 */

/** The key of a song added to the playlist: after the last entry's ('' when it has none or the list is empty). */
export function appendKey(lastKey: string): string {
  return generateKeyBetween(lastKey || null, null);
}

/**
 * The entries a move gives new keys, with their keys: usually the moved entry alone. When its new neighbours
 * share a key (two moves that landed in one gap at once, or entries from before keys existed, which all have
 * none), the moved entry and the run of entries with that key after it get keys in between, in their order.
 */
export function planMove(context: Extract<MoveContext, { kind: 'move' }>): EntryOrder[] {
  const low = context.previous?.orderKey || null;
  const [first] = context.following;
  if (!first) return [{ ...context.entry, orderKey: generateKeyBetween(low, null) }];
  if (first.orderKey !== (context.previous?.orderKey ?? '')) return [{ ...context.entry, orderKey: generateKeyBetween(low, first.orderKey) }];
  const keys = generateNKeysBetween(low, context.bound, context.following.length + 1);
  return [context.entry, ...context.following].map((entry, index) => ({ ...entry, orderKey: keys[index]! }));
}
