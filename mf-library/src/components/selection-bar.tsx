import type { KeyboardEvent } from 'react';
import { Button, CloseIcon, IconButton, visuallyHiddenClassName } from '@tunafy/ui';
import { formatCount, formatSongCount } from '../lib/format';
import styles from './selection-bar.module.css';

interface SelectionBarProps {
  count: number;
  /** The last change was cut at `max` songs. */
  capped: boolean;
  max: number;
  /** Rows of a range are still being read. */
  pending: boolean;
  onPlayNext: () => void;
  onAddToQueue: () => void;
  onAddToPlaylist: () => void;
  /** Offered only when every selected song is the user's (correcting tags is the owner's). */
  onEditTags?: () => void;
  onClear: () => void;
}

export function selectionText(count: number, capped: boolean, max: number): string {
  if (count === 0) return '';
  return capped ? `${formatSongCount(count)} selected (at most ${formatCount(max)} at a time)` : `${formatSongCount(count)} selected`;
}

/**
 * What to do with the selected rows of a song list. The count is a live region that stays mounted (readers
 * announce a change only in a region that was already there); the actions show while something is selected.
 * Escape inside the bar clears the selection, as it does in the list.
 */
export function SelectionBar({ count, capped, max, pending, onPlayNext, onAddToQueue, onAddToPlaylist, onEditTags, onClear }: SelectionBarProps) {
  const text = selectionText(count, capped, max);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || count === 0) return;
    event.preventDefault();
    onClear();
  };
  return (
    <div className={count > 0 ? styles.bar : visuallyHiddenClassName} role="group" aria-label="Selected songs" aria-busy={pending || undefined} onKeyDown={onKeyDown}>
      <p className={styles.count} role="status">
        {text}
      </p>
      {count > 0 && (
        <div className={styles.actions}>
          <Button size="small" onClick={onPlayNext}>
            Play next
          </Button>
          <Button size="small" variant="secondary" onClick={onAddToQueue}>
            Add to queue
          </Button>
          <Button size="small" variant="secondary" onClick={onAddToPlaylist}>
            Add to Playlist
          </Button>
          {onEditTags && (
            <Button size="small" variant="secondary" onClick={onEditTags}>
              Edit tags
            </Button>
          )}
          <IconButton size="small" label="Clear selection" onClick={onClear}>
            <CloseIcon />
          </IconButton>
        </div>
      )}
    </div>
  );
}
