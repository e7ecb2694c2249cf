import { pathIcon } from './icon';

export const NoteIcon = pathIcon('M9 3v11.55A4 4 0 1 0 11 18V7h8V3H9z');
