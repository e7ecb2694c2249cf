import { useEffect, useRef } from 'react';
import { Button } from '@tunafy/ui';
import styles from './load-more.module.css';

/**
 * The end of a paged grid: loads the next page when it scrolls into view (where
 * the browser can tell), and is a plain button for everyone else.
 */
export function LoadMore({ onLoadMore, fetching, label }: { onLoadMore: () => void; fetching: boolean; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onLoadMore);
  callback.current = onLoadMore;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || fetching) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && callback.current(), { rootMargin: '400px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fetching]);
  return (
    <div ref={ref} className={styles.loadMore}>
      <Button variant="secondary" size="small" onClick={onLoadMore} disabled={fetching} aria-busy={fetching || undefined}>
        {fetching ? 'Loading...' : label}
      </Button>
    </div>
  );
}
