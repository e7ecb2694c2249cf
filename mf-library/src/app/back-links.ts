import type { BackTo } from '../components/item-route';

// Where a failed load offers to go back to, one place a list so that every page names it alike.
export const ALL_ALBUMS: BackTo = { to: '/albums', label: 'All albums' };
export const ALL_PLAYLISTS: BackTo = { to: '/playlists', label: 'All playlists' };
export const ALL_SONGS: BackTo = { to: '/songs', label: 'All Songs' };
export const HOME: BackTo = { to: '/', label: 'Go home' };
