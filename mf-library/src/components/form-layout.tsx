import { useId, type ReactNode } from 'react';
import { themeClassName, visuallyHiddenClassName } from '@tunafy/ui';
import styles from './form-layout.module.css';

export function FormPage({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className={`${themeClassName} ${styles.page}`}>
      <section className={styles.card} aria-labelledby="library-form-title">
        <h1 id="library-form-title" className={styles.title}>
          {title}
        </h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </section>
    </div>
  );
}

/** How far the upload is; a determinate bar once the browser reports progress. */
export function UploadProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return <ProgressBar label={Math.round(progress * 100) < 100 ? 'Uploading…' : 'Processing…'} progress={progress} />;
}

/** A labelled determinate bar (the form's upload, each file and the batch of the upload screen). */
export function ProgressBar({ label, progress, hideLabel }: { label: string; progress: number; hideLabel?: boolean }) {
  const id = useId();
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  return (
    <div className={styles.progress}>
      <div className={hideLabel ? visuallyHiddenClassName : styles.progressLabel}>
        <span id={id}>{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div className={styles.track} role="progressbar" aria-labelledby={id} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className={styles.bar} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
