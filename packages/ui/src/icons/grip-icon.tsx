import { pathIcon } from './icon';

/** Six dots: a drag handle (reordering a playlist). */
export const GripIcon = pathIcon('M9 5.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zm0 6.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zm-1.5 8a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM18 5.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zM16.5 13.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm1.5 5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0z');
