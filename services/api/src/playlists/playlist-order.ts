import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import type { EntryOrder, MoveContext } from '../catalog/playlist-store.js';

/**
 * Order keys for a playlist's entries (fractional indexing: strings that sort in playlist order, with a key
 * between any two): a move writes one entry, the one moved, with a key between its new neighbours' keys,
 * so moves and adds from two tabs at once touch different documents and can never lose or duplicate a song.
 */

/** The key of a song added to the playlist: after the last entry's ('' for an empty playlist). */
export function appendKey(lastKey: string): string {
  return generateKeyBetween(lastKey || null, null);
}

/**
 * The entries a move gives new keys, with their keys: the moved entry alone, with a key between its new
 * neighbours' (an entry without a key of its own sorts at its id's implicit key, see implicitKey). When the
 * neighbours share a key (two replicas moved songs into one gap at the same moment), the moved entry and the run
 * of entries with that key after it get keys in between, in their order.
 */
export function planMove(context: Extract<MoveContext, { kind: 'move' }>): EntryOrder[] {
  const low = context.previous?.orderKey ?? null;
  const [first] = context.following;
  if (!first) return [{ ...context.entry, orderKey: generateKeyBetween(low, null) }];
  if (low === null || first.orderKey > low) return [{ ...context.entry, orderKey: generateKeyBetween(low, first.orderKey) }];
  const keys = generateNKeysBetween(low, context.bound, context.following.length + 1);
  return [context.entry, ...context.following].map((entry, index) => ({ ...entry, orderKey: keys[index]! }));
}
