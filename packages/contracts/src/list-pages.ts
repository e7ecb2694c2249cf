/**
 * Paging of the UI's long song lists (docs/lists-at-scale.md), shared by the screen that reads them (mf-library) and
 * the shell, which asks for a screen's first page before its code has loaded (shell/src/federation/first-screen-data.ts).
 * No zod here: the shell's entry chunk imports this module.
 */

/** Rows per request (`?limit=N&offset=K`): 100 rows (~40 KB of JSON) answer fast and cover a few screens. */
export const LIST_PAGE_ROWS = 100;

/** `GET /api/songs` by position: rows `offset` to `offset + limit - 1` of the whole catalog, with `total`. */
export const songRowsPath = (offset: number, limit: number): string => `/api/songs?limit=${limit}&offset=${offset}`;
