import { activeLineIndex, type Lyrics, type LyricsLine } from '@tunafy/contracts';
import { CloseIcon, IconButton, visuallyHiddenClassName } from '@tunafy/ui';
import { useEffect, useId, useRef, useState } from 'react';
import type { PlayerController } from '../playback/player-controller';
import shared from '../ui/shared.module.css';
import { useLyrics } from './use-lyrics';
import styles from './lyrics-view.module.css';

/** After the listener scrolls the lyrics themselves, the view stops following the song for this long. */
export const RESUME_FOLLOW_MS = 4000;

type Clock = Pick<PlayerController, 'subscribeProgress' | 'getProgress' | 'seek'> & Partial<Pick<PlayerController, 'livePosition'>>;

interface LyricsViewProps {
  controller: Clock;
  songId: string | null;
  /** 'panel': over the desktop bar, with its own heading and Close; 'full': the phone's full-screen player. */
  variant: 'panel' | 'full';
  id?: string;
  onClose?: () => void;
  fetcher?: (songId: string) => Promise<Lyrics | null>;
}

/**
 * The playing song's lyrics (docs/lyrics.md). Timed lyrics highlight the line whose time has come, found by binary
 * search on the audio element's own time every animation frame (and on every tick of the player's progress store, which
 * also covers seeks while paused), and keep it centred unless the listener scrolled in the last RESUME_FOLLOW_MS; a
 * click on a line seeks there through the player. Plain lyrics are text to scroll.
 */
export function LyricsView({ controller, songId, variant, id, onClose, fetcher }: LyricsViewProps) {
  const load = useLyrics(songId, fetcher);
  const headingId = useId();
  const lyrics = load.status === 'ready' ? load.lyrics : null;

  let body;
  if (load.status === 'idle') body = <p className={styles.message}>Nothing is playing.</p>;
  else if (load.status === 'loading') body = <p className={styles.message}>Loading lyrics…</p>;
  else if (load.status === 'failed') body = <p className={styles.message}>The lyrics could not be loaded. Try again later.</p>;
  else if (!lyrics) body = <p className={styles.message}>No lyrics for this song</p>;
  else if (lyrics.synced) body = <SyncedLines controller={controller} lines={lyrics.synced} />;
  else body = <p className={`${styles.scroller} ${styles.plain}`} tabIndex={0} data-testid="lyrics-plain">{lyrics.plain}</p>;

  return (
    <section id={id} className={variant === 'panel' ? styles.panel : styles.full} aria-labelledby={headingId} data-testid="lyrics-view">
      <div className={variant === 'panel' ? styles.header : visuallyHiddenClassName}>
        <h2 id={headingId} className={styles.heading}>Lyrics</h2>
        {variant === 'panel' && onClose && (
          <IconButton size="small" label="Close lyrics" onClick={onClose} className={shared.iconButton}>
            <CloseIcon size={20} />
          </IconButton>
        )}
      </div>
      {body}
    </section>
  );
}

function SyncedLines({ controller, lines }: { controller: Clock; lines: LyricsLine[] }) {
  const [active, setActive] = useState(() => activeLineIndex(lines, controller.getProgress().position * 1000));
  const scroller = useRef<HTMLOListElement>(null);
  // Never scrolled yet: 0 would hold the view still for the first RESUME_FOLLOW_MS after the page loaded.
  const userScrolledAt = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    const position = () => (controller.livePosition ? controller.livePosition() : controller.getProgress().position);
    // Same index, no render: React drops a state update that changes nothing, so a frame costs one binary search.
    const follow = () => setActive(activeLineIndex(lines, position() * 1000));
    follow();
    let frame = requestAnimationFrame(function tick() {
      follow();
      frame = requestAnimationFrame(tick);
    });
    const unsubscribe = controller.subscribeProgress(follow);
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [controller, lines]);

  useEffect(() => {
    const list = scroller.current;
    if (active < 0 || !list || performance.now() - userScrolledAt.current < RESUME_FOLLOW_MS) return;
    const line = list.querySelector<HTMLElement>(`[data-line="${active}"]`);
    if (!line) return;
    // The list scrolls, never the page behind it (scrollIntoView would move every scrolling ancestor).
    const top = line.offsetTop - list.offsetTop - (list.clientHeight - line.offsetHeight) / 2;
    list.scrollTo?.({ top: Math.max(0, top), behavior: 'smooth' });
  }, [active]);

  const userScrolled = () => {
    userScrolledAt.current = performance.now();
  };

  return (
    <ol
      ref={scroller}
      className={styles.scroller}
      data-testid="lyrics-lines"
      onWheel={userScrolled}
      onTouchMove={userScrolled}
      onKeyDown={(event) => {
        if (['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'].includes(event.key)) userScrolled();
      }}
    >
      {lines.map((line, index) => (
        <li key={index}>
          <button
            type="button"
            data-line={index}
            data-start-ms={line.start_ms}
            aria-current={index === active ? 'true' : undefined}
            className={`${styles.line} ${index === active ? styles.active : index < active ? styles.past : ''}`}
            onClick={() => {
              // Following resumes at once: the listener chose where to be.
              userScrolledAt.current = 0;
              controller.seek(line.start_ms / 1000);
            }}
          >
            {line.text || <span aria-label="Instrumental">♪</span>}
          </button>
        </li>
      ))}
    </ol>
  );
}
