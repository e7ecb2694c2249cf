import { useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { JUMP_MS } from '../playback/constants';
import type { PlayerController } from '../playback/player-controller';
import { formatTime, spokenTime } from '../lib/format-time';
import { useProgress } from './use-player';
import styles from './progress-bar.module.css';

const JUMP_SECONDS = JUMP_MS / 1000;

/**
 * The seek bar: a slider that can be dragged (pointer capture, so the drag
 * keeps working outside the bar) or moved with the keyboard. While dragging it
 * only previews; the audio seeks once, on release, instead of fetching a new
 * range for every pixel.
 */
export function ProgressBar({ controller, disabled, size = 'normal' }: { controller: PlayerController; disabled: boolean; size?: 'normal' | 'large' }) {
  const { position, duration } = useProgress(controller);
  const [dragAt, setDragAt] = useState<number | null>(null);
  const track = useRef<HTMLDivElement>(null);
  const known = Number.isFinite(duration) && duration > 0;
  const shown = dragAt ?? position;
  const fraction = known ? Math.min(1, Math.max(0, shown / duration)) : 0;
  const inactive = disabled || !known;

  const secondsAt = (clientX: number) => {
    const box = track.current!.getBoundingClientRect();
    const ratio = box.width > 0 ? (clientX - box.left) / box.width : 0;
    return Math.min(1, Math.max(0, ratio)) * duration;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (inactive || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    setDragAt(secondsAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragAt !== null) setDragAt(secondsAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (dragAt === null) return;
    controller.seek(secondsAt(event.clientX));
    setDragAt(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (inactive) return;
    const step: Record<string, number> = {
      ArrowLeft: -JUMP_SECONDS,
      ArrowDown: -JUMP_SECONDS,
      ArrowRight: JUMP_SECONDS,
      ArrowUp: JUMP_SECONDS,
      PageDown: -duration / 10,
      PageUp: duration / 10,
    };
    if (event.key in step) controller.seek(position + step[event.key]);
    else if (event.key === 'Home') controller.seek(0);
    else if (event.key === 'End') controller.seek(duration);
    else return;
    // Handled here: the page-wide shortcuts must not seek (or change the volume) a second time.
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className={styles.progress} data-size={size} style={{ '--fraction': fraction } as CSSProperties}>
      <span className={styles.time} data-testid="elapsed">
        {formatTime(known || shown > 0 ? shown : NaN)}
      </span>
      <div
        ref={track}
        className={styles.track}
        role="slider"
        tabIndex={inactive ? -1 : 0}
        aria-label="Seek"
        aria-disabled={inactive || undefined}
        aria-valuemin={0}
        aria-valuemax={known ? Math.round(duration) : 0}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={known ? `${spokenTime(shown)} of ${spokenTime(duration)}` : 'No song'}
        data-dragging={dragAt !== null || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDragAt(null)}
        onLostPointerCapture={() => setDragAt(null)}
        onKeyDown={onKeyDown}
      >
        <div className={styles.rail}>
          <div className={styles.fill} />
        </div>
        <div className={styles.thumb} />
      </div>
      <span className={styles.time} data-testid="duration">
        {formatTime(duration)}
      </span>
    </div>
  );
}
