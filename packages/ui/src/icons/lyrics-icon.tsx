import { pathIcon } from './icon';

/** Lyrics: lines of text with a note. */
export const LyricsIcon = pathIcon('M3 5h13v2H3V5zm0 4h13v2H3V9zm0 4h8v2H3v-2zm15-8v8.18A3 3 0 1 0 20 16V7h2V5h-4z');
