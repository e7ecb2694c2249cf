import { pathIcon } from './icon';

/** The list of every song (the sidebar's All Songs). */
export const SongsIcon = pathIcon('M3 5h14v2H3zm0 6h14v2H3zm0 6h8v2H3zm15.5-6.5V18a3 3 0 1 1-2-2.83V8.5h5v2z');
