/**
 * Paging of the UI's long song lists (docs/lists-at-scale.md), shared by the screen that reads them (mf-library) and
 * the shell, which asks for a screen's first page before its code has loaded (shell/src/federation/first-screen-data.ts).
 * No zod here: the shell's entry chunk imports this module.
 */

/** Rows per request (`?limit=N&offset=K`): 100 rows (~40 KB of JSON) answer fast and cover a few screens. */
export const LIST_PAGE_ROWS = 100;

/** `GET /api/songs` by position: rows `offset` to `offset + limit - 1` of the whole catalog, with `total`. */
export const songRowsPath = (offset: number, limit: number): string => `/api/songs?limit=${limit}&offset=${offset}`;

/** How many cards each home-page shelf shows; "Show all" leads to the rest. */
export const HOME_SHELF_SIZE = 10;

/** The home page's two shelves: the first playlists and albums, which the shell asks for before the page's code is in. */
export const HOME_PLAYLISTS_PATH = `/api/playlists?limit=${HOME_SHELF_SIZE}`;
export const HOME_ALBUMS_PATH = `/api/albums?limit=${HOME_SHELF_SIZE}`;

/**
 * The session probe (`GET`, a 200 with the user or null): what every page waits for before its first render, so the
 * shell's entry has the browser ask for it before the code that reads it has loaded (shell/src/federation/first-screen-data.ts).
 */
export const SESSION_PROBE_PATH = '/api/auth/session';
