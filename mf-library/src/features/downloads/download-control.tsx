import { useEffect } from 'react';
import type { SessionUser } from '@tunafy/contracts';
import { downloadKey, offlineAvailable, type DownloadTarget } from '@tunafy/offline';
import { Button, DownloadedIcon, DownloadIcon } from '@tunafy/ui';
import { formatBytes } from './format-bytes';
import { cancelDownload, deleteDownload, runDownload, useDownloads } from '../shared/downloads-store';
import styles from './downloads.module.css';

/**
 * "Download" / "Remove download" on a playlist's, an album's or the Liked Songs' page (docs/offline.md), the progress
 * of a download running (n of m, with Cancel) and the Downloaded mark. Visiting a downloaded item online brings its
 * download up to date with the server.
 */
export function DownloadControl(props: { user: SessionUser; target: DownloadTarget; name: string }) {
  return offlineAvailable() ? <Control {...props} /> : null;
}

function Control({ user, target, name }: { user: SessionUser; target: DownloadTarget; name: string }) {
  const key = downloadKey(target);
  const downloads = useDownloads(user.id);
  const record = downloads.records.get(key);
  const active = downloads.active.get(key);
  const failure = downloads.failed.get(key);
  const downloaded = Boolean(record);

  useEffect(() => {
    if (downloaded && navigator.onLine) void runDownload(user.id, target);
    // Once per visit of the item, not on every change of its record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [downloaded, key, user.id]);

  if (active?.first) {
    const { done, total } = active.progress;
    return (
      <div className={styles.control}>
        <p className={styles.progress} role="status">
          <DownloadIcon /> Downloading {total ? `${done} of ${total}` : '…'}
        </p>
        <Button variant="secondary" size="small" onClick={() => cancelDownload(key)}>
          Cancel
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.control}>
      {record ? (
        <>
          <p className={styles.mark} title={`${name} is downloaded`}>
            <DownloadedIcon className={styles.markIcon} /> <span>Downloaded</span>
            <span className={styles.detail}>{active ? ' • checking for changes…' : ` • ${formatBytes(record.bytes)}`}</span>
          </p>
          <Button variant="secondary" size="small" aria-pressed="true" onClick={() => void deleteDownload(user.id, key)}>
            Remove download
          </Button>
        </>
      ) : (
        <Button variant="secondary" size="small" aria-pressed="false" onClick={() => void runDownload(user.id, target)}>
          <DownloadIcon /> Download
        </Button>
      )}
      {failure && (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
