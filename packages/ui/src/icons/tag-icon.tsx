import { pathIcon } from './icon';

/** A genre: a tag. */
export const TagIcon = pathIcon('M3 3h8.4l9.3 9.3a1 1 0 0 1 0 1.4l-7 7a1 1 0 0 1-1.4 0L3 11.4V3zm2 2v5.6l8 8 5.6-5.6-8-8H5zm3 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z');
