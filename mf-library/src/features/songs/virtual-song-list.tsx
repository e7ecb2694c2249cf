import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { Song } from '@tunafy/contracts';
import { TRACK_ROW_HEIGHT, TrackListHead, TrackRow, trackListClassName, trackTableClassName } from '../../components/track-list';
import type { ListPlayback } from '../../lib/player';

const OVERSCAN = 8;

/** The nearest ancestor that scrolls (the shell's main column), or null when the page itself scrolls. */
export function findScrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return node;
  }
  return null;
}

interface RowsProps {
  songs: readonly Song[];
  playback: ListPlayback;
  label: string;
  anchor: HTMLElement;
}

function Rows({ virtualizer, songs, playback, label }: Omit<RowsProps, 'anchor'> & { virtualizer: Virtualizer<HTMLElement, Element> | Virtualizer<Window, Element> }) {
  const margin = virtualizer.options.scrollMargin;
  return (
    <ol className={trackListClassName} aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => (
        <TrackRow
          key={songs[item.index]!.id}
          song={songs[item.index]!}
          index={item.index}
          playback={playback}
          setSize={songs.length}
          style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start - margin}px)` }}
        />
      ))}
    </ol>
  );
}

/** Where the list starts inside its scroller; the virtualizer needs it to map scroll offsets to rows. */
function useScrollMargin(anchor: HTMLElement, scroller: HTMLElement | null, dependency: unknown): number {
  const [margin, setMargin] = useState(0);
  const measure = useCallback(() => {
    const top = anchor.getBoundingClientRect().top;
    const next = scroller ? top - scroller.getBoundingClientRect().top + scroller.scrollTop : top + window.scrollY;
    setMargin((current) => (Math.abs(current - next) < 1 ? current : next));
  }, [anchor, scroller]);
  useLayoutEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, dependency]);
  return margin;
}

function ElementRows({ scroller, ...props }: RowsProps & { scroller: HTMLElement }) {
  const scrollMargin = useScrollMargin(props.anchor, scroller, props.songs.length);
  const virtualizer = useVirtualizer({
    count: props.songs.length,
    getScrollElement: () => scroller,
    estimateSize: () => TRACK_ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => props.songs[index]?.id ?? index,
  });
  return <Rows virtualizer={virtualizer} {...props} />;
}

function WindowRows(props: RowsProps) {
  const scrollMargin = useScrollMargin(props.anchor, null, props.songs.length);
  const virtualizer = useWindowVirtualizer({
    count: props.songs.length,
    estimateSize: () => TRACK_ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => props.songs[index]?.id ?? index,
  });
  return <Rows virtualizer={virtualizer} {...props} />;
}

interface VirtualSongListProps {
  songs: readonly Song[];
  playback: ListPlayback;
  label: string;
  /** Shown under the rows (e.g. "loading more"). */
  footer?: ReactNode;
}

/**
 * Only the rows in view (plus a few) are in the DOM, so ten thousand songs
 * scroll as smoothly as ten. The shell's main column is the scroller; the
 * standalone dev page may scroll the window instead.
 */
export function VirtualSongList({ songs, playback, label, footer }: VirtualSongListProps) {
  const anchorRef = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState<{ anchor: HTMLElement; scroller: HTMLElement | null } | null>(null);
  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    if (anchor) setScroll({ anchor, scroller: findScrollParent(anchor) });
  }, []);
  return (
    <div className={trackTableClassName(false)}>
      <TrackListHead withActions={false} />
      <div ref={anchorRef}>
        {scroll &&
          (scroll.scroller ? (
            <ElementRows songs={songs} playback={playback} label={label} anchor={scroll.anchor} scroller={scroll.scroller} />
          ) : (
            <WindowRows songs={songs} playback={playback} label={label} anchor={scroll.anchor} />
          ))}
      </div>
      {footer}
    </div>
  );
}
