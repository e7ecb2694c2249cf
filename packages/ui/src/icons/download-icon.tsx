import { pathIcon } from './icon';

/** "Download" (offline listening, docs/offline.md): an arrow into a tray. */
export const DownloadIcon = pathIcon('M11 3h2v9.17l3.59-3.58L18 10l-6 6-6-6 1.41-1.41L11 12.17V3zM4 18h16v2H4v-2z');
