import { pathIcon } from './icon';

/** Your Library: books on a shelf. */
export const LibraryIcon = pathIcon('M4 3h2v18H4zm5 0h2v18H9zm4.6 1.3 1.9-.7 6.2 17.1-1.9.7z');
