import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { formatTime } from '../lib/format-time';
import type { PlayerController } from '../playback/player-controller';
import { currentEntry, upcomingEntries, type QueueEntry, type QueueState } from '../queue/queue';
import { Cover } from './cover';
import { ArrowDownIcon, ArrowUpIcon, CloseIcon, IconButton, creditNames } from '@tunafy/ui';
import { RecentlyPlayedList } from './recently-played-list';
import styles from './queue-panel.module.css';
import shared from './shared.module.css';

type Tab = 'queue' | 'recent';

interface QueuePanelProps {
  id: string;
  controller: PlayerController;
  queue: QueueState;
  onClose: () => void;
  /** 'popover': over the bar (desktop); 'sheet': filling the full-screen player on a phone. */
  variant?: 'popover' | 'sheet';
}

/** Where focus goes after a row moved or left (React re-inserts moved rows, which drops their focus). */
interface FocusTarget {
  key: number | null;
  action: 'up' | 'down' | 'remove' | 'list';
}

/**
 * The queue: what plays now and next. Upcoming songs can be played, moved
 * (buttons, or drag and drop) and removed; a second tab lists recently played
 * songs.
 */
export function QueuePanel({ id, controller, queue, onClose, variant = 'popover' }: QueuePanelProps) {
  const [tab, setTab] = useState<Tab>('queue');
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const panel = useRef<HTMLElement>(null);
  const ids = useId();
  const current = currentEntry(queue);
  const upcoming = upcomingEntries(queue);
  const firstUpcoming = queue.index + 1;

  useEffect(() => {
    if (!focusTarget || !panel.current) return;
    const { key, action } = focusTarget;
    const selector = action === 'list' ? `[data-upcoming-heading]` : `[data-key="${key}"] [data-action="${action}"]`;
    const target = panel.current.querySelector<HTMLElement>(selector);
    // A disabled button (moved to the top or bottom) cannot hold focus: use its row's other move button.
    const fallback = panel.current.querySelector<HTMLElement>(`[data-key="${key}"] [data-action]:not(:disabled)`);
    (target && !(target as HTMLButtonElement).disabled ? target : fallback ?? panel.current.querySelector<HTMLElement>('[data-upcoming-heading]'))?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const moveBy = (entry: QueueEntry, position: number, delta: -1 | 1) => {
    controller.moveEntry(position, position + delta);
    setFocusTarget({ key: entry.key, action: delta < 0 ? 'up' : 'down' });
  };

  const removeAt = (entry: QueueEntry, offset: number) => {
    const following = upcoming[offset + 1] ?? upcoming[offset - 1] ?? null;
    controller.removeEntry(entry.key);
    setFocusTarget(following ? { key: following.key, action: 'remove' } : { key: null, action: 'list' });
  };

  const playNow = (entry: QueueEntry) => {
    controller.playEntry(entry.key);
    // Its row moves up to "Now playing"; focus stays in the panel instead of falling to the page.
    setFocusTarget({ key: null, action: 'list' });
  };

  const onDrop = (event: DragEvent, position: number) => {
    event.preventDefault();
    if (dragFrom !== null && dragFrom !== position) controller.moveEntry(dragFrom, position);
    setDragFrom(null);
    setDropAt(null);
  };

  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const nextTab: Tab = tab === 'queue' ? 'recent' : 'queue';
    setTab(nextTab);
    panel.current?.querySelector<HTMLElement>(`#${CSS.escape(`${ids}-tab-${nextTab}`)}`)?.focus();
  };

  return (
    <section
      ref={panel}
      id={id}
      className={variant === 'sheet' ? `${styles.panel} ${styles.sheet}` : styles.panel}
      aria-label="Queue"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className={styles.header}>
        <div role="tablist" aria-label="Queue views" className={styles.tabs} onKeyDown={onTabKey}>
          {(['queue', 'recent'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${ids}-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`${ids}-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              className={styles.tab}
              onClick={() => setTab(name)}
            >
              {name === 'queue' ? 'Queue' : 'Recently played'}
            </button>
          ))}
        </div>
        <IconButton size="small" label="Close queue" onClick={onClose} className={shared.iconButton}><CloseIcon size={20} /></IconButton>
      </div>

      <div role="tabpanel" id={`${ids}-panel-queue`} aria-labelledby={`${ids}-tab-queue`} hidden={tab !== 'queue'} className={styles.body}>
        <h3 className={styles.heading}>Now playing</h3>
        {current ? (
          <div className={`${styles.row} ${styles.current}`}>
            <Cover src={current.song.song_cover_url} size={40} />
            <span className={`${shared.lines} ${styles.text}`}>
              <span className={`${shared.line} ${styles.title}`}>{current.song.song_name}</span>
              <span className={`${shared.line} ${styles.artist}`}>{creditNames(current.song)}</span>
            </span>
            <span className={styles.duration}>{formatTime(current.song.duration)}</span>
          </div>
        ) : (
          <p className={styles.empty}>Your queue is empty. Choose a song in the library to start.</p>
        )}

        <h3 className={styles.heading} tabIndex={-1} data-upcoming-heading="">
          Next up{upcoming.length > 0 ? ` (${upcoming.length})` : ''}
        </h3>
        {upcoming.length === 0 ? (
          <p className={styles.empty}>{current ? (queue.repeat === 'all' ? 'The queue starts over after this song.' : 'Nothing after this song.') : 'Nothing queued.'}</p>
        ) : (
          <ol className={styles.list} aria-label="Next up">
            {upcoming.map((entry, offset) => {
              const position = firstUpcoming + offset;
              const { song_name: name } = entry.song;
              const artist = creditNames(entry.song);
              return (
                <li
                  key={entry.key}
                  data-key={entry.key}
                  className={styles.row}
                  data-drop-target={dropAt === position || undefined}
                  data-dragging={dragFrom === position || undefined}
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', name);
                    setDragFrom(position);
                  }}
                  onDragOver={(event) => {
                    if (dragFrom === null) return;
                    event.preventDefault();
                    setDropAt(position);
                  }}
                  onDragLeave={() => setDropAt((at) => (at === position ? null : at))}
                  onDrop={(event) => onDrop(event, position)}
                  onDragEnd={() => {
                    setDragFrom(null);
                    setDropAt(null);
                  }}
                >
                  {/* Named by its visible text (WCAG 2.5.3), with the verb and "by" for screen readers only. */}
                  <button type="button" className={styles.play} onClick={() => playNow(entry)}>
                    <Cover src={entry.song.song_cover_url} size={40} />
                    <span className={`${shared.lines} ${styles.text}`}>
                      <span className={`${shared.line} ${styles.title}`}>
                        <span className={shared.srOnly}>Play</span> {name}
                      </span>{' '}
                      <span className={`${shared.line} ${styles.artist}`}>
                        <span className={shared.srOnly}>by</span> {artist}
                      </span>
                    </span>
                  </button>
                  <span className={styles.duration}>{formatTime(entry.song.duration)}</span>
                  <span className={styles.actions}>
                    <IconButton size="small" label={`Move ${name} up`} data-action="up" disabled={offset === 0} onClick={() => moveBy(entry, position, -1)} className={shared.iconButton}><ArrowUpIcon size={18} /></IconButton>
                    <IconButton size="small" label={`Move ${name} down`} data-action="down" disabled={offset === upcoming.length - 1} onClick={() => moveBy(entry, position, 1)} className={shared.iconButton}><ArrowDownIcon size={18} /></IconButton>
                    <IconButton size="small" label={`Remove ${name} from the queue`} data-action="remove" onClick={() => removeAt(entry, offset)} className={shared.iconButton}><CloseIcon size={18} /></IconButton>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </div>

      <div role="tabpanel" id={`${ids}-panel-recent`} aria-labelledby={`${ids}-tab-recent`} hidden={tab !== 'recent'} className={styles.body}>
        {tab === 'recent' && <RecentlyPlayedList limit={20} />}
      </div>
    </section>
  );
}
