import { DownloadError, DownloadRegistry, removeDownload, syncDownload, tellServiceWorker, withAccountLock } from '@tunafy/offline';

/**
 * Brings every download of the account up to date with the server, one after the other (docs/offline.md, Following
 * changes): new songs are fetched, removed ones released, and a download whose playlist or album was deleted goes.
 * Then the worker fetches the offline screens' code again: a deploy since the last visit changed its files.
 */
export async function syncAllDownloads(accountId: string): Promise<void> {
  const registry = new DownloadRegistry(accountId);
  const downloads = await registry.downloads();
  for (const download of downloads) {
    await withAccountLock(accountId, async () => {
      // Read again under the lock: a download removed while this waited would otherwise be fetched whole again.
      if (!(await registry.download(download.key))) return;
      try {
        await syncDownload(accountId, download);
      } catch (error) {
        if (error instanceof DownloadError && error.status === 404) await removeDownload(accountId, download.key);
        else console.warn(`[tunafy] could not sync the download of ${download.key}`, error);
      }
    });
  }
  if (downloads.length > 0) await tellServiceWorker({ type: 'warm' });
}
