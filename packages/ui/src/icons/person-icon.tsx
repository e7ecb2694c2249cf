import { pathIcon } from './icon';

/** An artist without a picture of its own (no album cover yet). */
export const PersonIcon = pathIcon('M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zm0 9c4.14 0 7.5 2.46 7.5 5.5V21h-2v-1.5c0-1.72-2.3-3.5-5.5-3.5s-5.5 1.78-5.5 3.5V21h-2v-1.5C4.5 16.46 7.86 14 12 14z');
