import type { Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '@tunafy/ui';
import { ProgressBar } from '../../components/form-layout';
import { useUploadQueue, type UploadJob, type UploadQueue } from './upload-queue';
import styles from './uploads.module.css';

/** The page's uploads (this visit's and any still running from before), with a bar per file and one for the batch. */
export function UploadList({ queue, headingRef }: { queue: UploadQueue; headingRef?: Ref<HTMLHeadingElement> }) {
  const { jobs, progress, running, paused, checking } = useUploadQueue(queue);
  if (jobs.length === 0) return null;
  const done = jobs.filter((job) => job.state === 'imported' || job.state === 'duplicate').length;
  const failed = jobs.filter((job) => job.state === 'failed').length;
  const held = jobs.filter((job) => job.state === 'paused').length;
  const cancelled = jobs.filter((job) => job.state === 'cancelled').length;
  return (
    <section className={styles.section} aria-labelledby="upload-progress-title">
      <h2 id="upload-progress-title" className={styles.sectionTitle} tabIndex={-1} ref={headingRef}>
        Uploads
      </h2>
      <ProgressBar
        label={`${done} of ${jobs.length} uploaded${failed ? `, ${failed} failed` : ''}${held ? `, ${held} paused` : ''}${cancelled ? `, ${cancelled} cancelled` : ''}`}
        progress={progress}
      />
      {paused && (
        // The one way on after a lost session, above the list so it is seen first on coming back from logging in.
        <div className={styles.pausedBar}>
          <p className={styles.pausedText} role="status">
            Uploads paused: you were logged out, so {held} {held === 1 ? 'file was' : 'files were'} not sent yet.
          </p>
          <Button size="small" onClick={queue.resume} disabled={checking} aria-busy={checking || undefined}>
            {checking ? 'Checking…' : 'Resume uploads'}
          </Button>
          {!running && (
            <Button variant="secondary" size="small" onClick={queue.cancelAll}>
              Cancel all
            </Button>
          )}
        </div>
      )}
      {running && (
        <div className={styles.runningBar}>
          <p className={styles.hint}>You can keep browsing and listening; uploads go on until you close this tab.</p>
          <Button variant="secondary" size="small" onClick={queue.cancelAll}>
            Cancel all
          </Button>
        </div>
      )}
      <ol className={styles.jobs}>
        {jobs.map((job) => (
          <UploadJobRow key={job.id} job={job} onRetry={() => queue.retry(job.id)} onCancel={() => queue.cancel(job.id)} />
        ))}
      </ol>
      {!running && done + cancelled > 0 && (
        <Button className={styles.sectionAction} variant="secondary" size="small" onClick={queue.clearFinished}>
          Clear finished
        </Button>
      )}
    </section>
  );
}

function UploadJobRow({ job, onRetry, onCancel }: { job: UploadJob; onRetry: () => void; onCancel: () => void }) {
  return (
    <li className={styles.job} data-state={job.state}>
      <span className={styles.jobName}>{job.name}</span>
      <div className={styles.jobStatus}>{status(job, onRetry, onCancel)}</div>
    </li>
  );
}

function status(job: UploadJob, onRetry: () => void, onCancel: () => void) {
  const cancel = (
    <Button variant="secondary" size="small" onClick={onCancel} aria-label={`Cancel ${job.name}`}>
      Cancel
    </Button>
  );
  switch (job.state) {
    case 'waiting':
      return (
        <span className={styles.inFlight}>
          <span>Waiting</span>
          {cancel}
        </span>
      );
    case 'uploading':
      return (
        <span className={styles.inFlight}>
          <ProgressBar label={`Uploading ${job.name}`} progress={job.progress} hideLabel />
          {cancel}
        </span>
      );
    case 'paused':
      return (
        <span className={styles.inFlight}>
          <span>Paused: not sent yet</span>
          {cancel}
        </span>
      );
    case 'cancelled':
      return (
        <span className={styles.inFlight}>
          <span>Cancelled</span>
          <Button variant="secondary" size="small" onClick={onRetry} aria-label={`Retry ${job.name}`}>
            Retry
          </Button>
        </span>
      );
    case 'imported':
      return (
        <span>
          Imported: <Link to={`/songs/${job.song!.id}`}>{job.song!.song_name}</Link>
          {job.album && (
            <>
              {' on '}
              <Link to={`/albums/${job.album.id}`}>{job.album.album_name}</Link>
            </>
          )}
        </span>
      );
    case 'duplicate':
      return (
        <span>
          Already yours: <Link to={`/songs/${job.song!.id}`}>{job.song!.song_name}</Link>
        </span>
      );
    case 'failed':
      return (
        <span className={styles.failed}>
          <span role="alert">{job.error}</span>
          <Button variant="secondary" size="small" onClick={onRetry} aria-label={`Retry ${job.name}`}>
            Retry
          </Button>
        </span>
      );
  }
}
