import { pathIcon } from './icon';

export const UploadIcon = pathIcon('M11 16V7.83l-3.59 3.58L6 10l6-6 6 6-1.41 1.41L13 7.83V16h-2zm-6 2h14v2H5v-2z');
