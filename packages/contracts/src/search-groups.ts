// No zod here: the search screen reads these on its first render (see audio-formats.ts).

/** The groups of a search answer that can be paged on their own (`type`, docs/search.md). */
export const SEARCH_GROUPS = ['songs', 'artists', 'albums', 'playlists', 'users', 'genres'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];
