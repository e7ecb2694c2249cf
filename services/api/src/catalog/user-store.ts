import type { PublicUser } from '@tunafy/contracts';
import { Numbering } from './numbering.js';
import { byId, sortedPage, upsertSorted, type Page, type PageRequest } from './paging.js';
import { WordIndex } from './prefix-index.js';

/** The users: usernames by id and in id order, the search index of usernames, and a number per user for the song table's artist column. */
export class UserStore {
  readonly names = new Map<string, string>();
  /** Users by number (a song's artist column), numbered as first seen: an artist need not be loaded yet. */
  readonly numbers = new Numbering();
  /** Usernames by user number, for the Profiles of a search. */
  readonly index = new WordIndex((a, b) => compareText(this.numbers.valueOf(a), this.numbers.valueOf(b)));
  private readonly order: PublicUser[] = [];

  /** False when the user was held with this name already. */
  put(id: string, username: string): boolean {
    const number = this.numbers.numberOf(id);
    if (this.names.get(id) === username) return false;
    this.names.set(id, username);
    this.index.put(number, username);
    upsertSorted(this.order, byId, { id, username });
    return true;
  }

  page(request: PageRequest): Page<PublicUser> {
    return sortedPage(this.order, request);
  }

  username(userId: string): string {
    return this.names.get(userId) ?? '';
  }

  /** Every user in id order (what a snapshot stores). */
  records(): readonly PublicUser[] {
    return this.order;
  }

  compact(): void {
    this.index.compact();
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
