/**
 * Whether a song or album of its owner shows a cover file, as this replica's catalog sees it: SharedCovers asks before
 * it lets a file go. The media layer sits under the catalog, so it owns this port and the catalog provides it.
 */
export abstract class CoverUsage {
  abstract showsCover(owner: string, fileId: string): Promise<boolean>;
}
