/**
 * music-metadata and file-type, loaded on first use rather than at start: most API processes go long stretches
 * without an upload, and the two hold ~5 MB resident once loaded (issue 15's idle budget is 120 MB). The first
 * upload after a start pays their load, about 0.1 s.
 */
let musicMetadata: Promise<typeof import('music-metadata')> | undefined;
let fileType: Promise<typeof import('file-type')> | undefined;

export const loadMusicMetadata = () => (musicMetadata ??= import('music-metadata'));
export const loadFileType = () => (fileType ??= import('file-type'));
