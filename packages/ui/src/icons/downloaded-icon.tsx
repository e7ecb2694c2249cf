import { pathIcon } from './icon';

/** Downloaded: the arrow in a filled circle, the mark of an item stored for offline listening. */
export const DownloadedIcon = pathIcon('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1 5h2v5.59l2.3-2.3 1.4 1.42L12 16.4l-4.7-4.7 1.4-1.42 2.3 2.3V7z');
