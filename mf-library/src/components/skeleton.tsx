import type { CSSProperties, ReactNode } from 'react';
import styles from './skeleton.module.css';
import theme from './theme.module.css';

function Block({ width, height, round, style }: { width: number | string; height: number | string; round?: boolean; style?: CSSProperties }) {
  return <span className={round ? `${styles.block} ${styles.round}` : styles.block} style={{ width, height, ...style }} />;
}

/**
 * Placeholders shaped like what is coming, so nothing jumps when it arrives.
 * One status per skeleton tells screen readers that something is loading.
 */
function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-label={label}>
      <span className={theme.visuallyHidden}>{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

export function RowsSkeleton({ label = 'Loading songs', rows = 8 }: { label?: string; rows?: number }) {
  return (
    <Loading label={label}>
      <div className={styles.rows}>
        {Array.from({ length: rows }, (_, index) => (
          <div className={styles.row} key={index}>
            <Block width={16} height={16} />
            <Block width={40} height={40} />
            <div style={{ display: 'flex', flexDirection: 'column', gap: 6, flex: 1 }}>
              <Block width={`${40 + ((index * 17) % 30)}%`} height={14} />
              <Block width={`${20 + ((index * 11) % 15)}%`} height={12} />
            </div>
            <Block width={40} height={12} />
          </div>
        ))}
      </div>
    </Loading>
  );
}

export function HeroSkeleton({ label, withRows = true }: { label: string; withRows?: boolean }) {
  return (
    <Loading label={label}>
      <div className={styles.hero}>
        <Block width={232} height={232} />
        <div className={styles.heroText}>
          <Block width={80} height={14} />
          <Block width="60%" height={48} />
          <Block width="35%" height={14} />
        </div>
      </div>
      {withRows && (
        <div className={styles.rows} style={{ marginTop: 96 }}>
          {Array.from({ length: 4 }, (_, index) => (
            <div className={styles.row} key={index}>
              <Block width={16} height={16} />
              <Block width="40%" height={14} />
            </div>
          ))}
        </div>
      )}
    </Loading>
  );
}

export function CardsSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <Loading label={label}>
      <div className={styles.grid}>
        {Array.from({ length: count }, (_, index) => (
          <div className={styles.card} key={index}>
            <Block width="100%" height="auto" style={{ aspectRatio: '1 / 1' }} />
            <Block width="70%" height={14} />
            <Block width="45%" height={12} />
          </div>
        ))}
      </div>
    </Loading>
  );
}
