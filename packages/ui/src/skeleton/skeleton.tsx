import type { CSSProperties, ReactNode } from 'react';
import { visuallyHiddenClassName } from '../theme/theme';
import styles from './skeleton.module.css';

/** One grey placeholder shape. */
export function SkeletonBlock({ width, height, round, style }: { width: number | string; height: number | string; round?: boolean; style?: CSSProperties }) {
  return <span className={round ? `${styles.block} ${styles.round}` : styles.block} style={{ width, height, ...style }} />;
}

/**
 * Placeholders shaped like what is coming, so nothing jumps when it arrives. One status per
 * skeleton tells screen readers that something is loading; the shapes are hidden from them.
 */
export function Skeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-label={label}>
      <span className={visuallyHiddenClassName}>{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

/** A list of song rows: number, cover, two lines of text, duration. */
export function RowsSkeleton({ label = 'Loading songs', rows = 8 }: { label?: string; rows?: number }) {
  return (
    <Skeleton label={label}>
      <div className={styles.rows}>
        {Array.from({ length: rows }, (_, index) => (
          <div className={styles.row} key={index}>
            <SkeletonBlock width={16} height={16} />
            <SkeletonBlock width={40} height={40} />
            <div style={{ display: 'flex', flexDirection: 'column', gap: 6, flex: 1 }}>
              <SkeletonBlock width={`${40 + ((index * 17) % 30)}%`} height={14} />
              <SkeletonBlock width={`${20 + ((index * 11) % 15)}%`} height={12} />
            </div>
            <SkeletonBlock width={40} height={12} />
          </div>
        ))}
      </div>
    </Skeleton>
  );
}

/** A detail page's header (cover, kind, name, byline), with a few rows under it. */
export function HeroSkeleton({ label, withRows = true }: { label: string; withRows?: boolean }) {
  return (
    <Skeleton label={label}>
      <div className={styles.hero}>
        <SkeletonBlock width={232} height={232} />
        <div className={styles.heroText}>
          <SkeletonBlock width={80} height={14} />
          <SkeletonBlock width="60%" height={48} />
          <SkeletonBlock width="35%" height={14} />
        </div>
      </div>
      {withRows && (
        <div className={styles.rows} style={{ marginTop: 96 }}>
          {Array.from({ length: 4 }, (_, index) => (
            <div className={styles.row} key={index}>
              <SkeletonBlock width={16} height={16} />
              <SkeletonBlock width="40%" height={14} />
            </div>
          ))}
        </div>
      )}
    </Skeleton>
  );
}

/** A grid of cover cards. */
export function CardsSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <Skeleton label={label}>
      <div className={styles.grid}>
        {Array.from({ length: count }, (_, index) => (
          <div className={styles.card} key={index}>
            <SkeletonBlock width="100%" height="auto" style={{ aspectRatio: '1 / 1' }} />
            <SkeletonBlock width="70%" height={14} />
            <SkeletonBlock width="45%" height={12} />
          </div>
        ))}
      </div>
    </Skeleton>
  );
}
