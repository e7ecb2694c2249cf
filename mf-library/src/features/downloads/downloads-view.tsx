import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '@tunafy/contracts';
import { offlineAvailable, type DownloadRecord } from '@tunafy/offline';
import { Button, ConfirmDialog, DownloadedIcon, EmptyState } from '@tunafy/ui';
import { Cover } from '../../components/cover';
import { formatSongCount } from '../../lib/format';
import { formatBytes } from './format-bytes';
import { cancelDownload, deleteAllDownloads, deleteDownload, useDownloads } from '../shared/downloads-store';
import styles from './downloads.module.css';

interface StorageUse {
  usage: number;
  quota: number;
}

/** What this site stores and may store (all of it, not only downloads: the browser counts per site). */
function useStorageUse(version: unknown): StorageUse | null {
  const [use, setUse] = useState<StorageUse | null>(null);
  useEffect(() => {
    let current = true;
    void navigator.storage
      ?.estimate()
      .then((estimate) => current && setUse({ usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 }))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [version]);
  return use;
}

const pathOf = (record: DownloadRecord) => (record.kind === 'liked' ? '/collection/tracks' : `/${record.kind}s/${record.id}`);

/** `/downloads`: what is stored for offline listening, the storage it takes, and Remove / Remove all (docs/offline.md). */
export function DownloadsView({ user }: { user: SessionUser }) {
  const downloads = useDownloads(user.id);
  const records = [...downloads.records.values()].sort((a, b) => a.name.localeCompare(b.name));
  const storage = useStorageUse(downloads.records);
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <h1>Downloads</h1>
      {!offlineAvailable() && <p className={styles.storage}>This browser cannot keep downloads here: offline listening needs a secure (https) address.</p>}
      <p className={styles.storage} aria-live="polite">
        {storage ? `Using ${formatBytes(storage.usage)} of ${formatBytes(storage.quota)} available on this device.` : 'Storage use is not known in this browser.'}
      </p>
      {records.length === 0 ? (
        <EmptyState
          icon={<DownloadedIcon />}
          title="Nothing downloaded yet"
          text="Choose Download on a playlist, an album or your Liked Songs to listen to it without a connection."
        />
      ) : (
        <>
          <ul className={styles.list} aria-label="Downloaded items">
            {records.map((record) => {
              const active = downloads.active.get(record.key);
              return (
                <li key={record.key} className={styles.row}>
                  {record.kind === 'liked' ? null : <Cover src={record.cover_url} size={48} kind={record.kind} />}
                  <span className={styles.rowText}>
                    <Link to={pathOf(record)} className={styles.rowName}>
                      {record.name}
                    </Link>
                    <span className={styles.rowDetail}>
                      {record.kind === 'album' ? 'Album' : 'Playlist'} • {formatSongCount(record.song_ids.length)} • {formatBytes(record.bytes)}
                      {active && ` • updating ${active.progress.done} of ${active.progress.total}`}
                    </span>
                  </span>
                  {active && (
                    <Button variant="secondary" size="small" onClick={() => cancelDownload(record.key)}>
                      Cancel
                    </Button>
                  )}
                  <Button variant="secondary" size="small" aria-label={`Remove ${record.name}`} onClick={() => void deleteDownload(user.id, record.key)}>
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Remove all
          </Button>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title="Remove all downloads"
          message="Every downloaded playlist, album and song goes from this device. You can download them again later."
          confirmLabel="Remove all"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await deleteAllDownloads(user.id);
            setConfirming(false);
          }}
        />
      )}
    </>
  );
}
