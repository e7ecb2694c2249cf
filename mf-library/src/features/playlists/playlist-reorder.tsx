import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type Modifier,
} from '@dnd-kit/core';
import { useCallback, useState, type ReactNode } from 'react';
import type { Song } from '@tunafy/contracts';
import { Button, GripIcon, IconButton, creditNames } from '@tunafy/ui';
import { TRACK_ROW_HEIGHT } from '../../components/track-list';
import styles from './playlist-reorder.module.css';

/** What a handle tells the drag: the song and the row it is in. */
interface RowData {
  song: Song;
  index: number;
}

const rowData = (data: unknown) => data as RowData | undefined;

/** Arrow keys move a dragged song one row at a time (rows are all TRACK_ROW_HEIGHT tall). */
export const rowByRow: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  if (event.code === 'ArrowDown') return { ...currentCoordinates, y: currentCoordinates.y + TRACK_ROW_HEIGHT };
  if (event.code === 'ArrowUp') return { ...currentCoordinates, y: currentCoordinates.y - TRACK_ROW_HEIGHT };
  return undefined;
};

/** Songs move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const position = (index: number, total: number) => `position ${index + 1} of ${total}`;

/** What screen readers hear while a song is dragged (dnd-kit's live region). */
function announcements(total: number, songAt: (index: number) => Song | undefined): Announcements {
  const describe = (active: { data: { current?: unknown } }) => rowData(active.data.current);
  return {
    onDragStart: ({ active }) => {
      const row = describe(active);
      return row ? `Picked up ${row.song.song_name}, ${position(row.index, total)}. Use the up and down arrow keys to move it, Space or Enter to drop, Escape to cancel.` : undefined;
    },
    onDragOver: ({ active, over }) => {
      const row = describe(active);
      const target = rowData(over?.data.current);
      // Over its own row (as the drag starts): "Picked up" says it already.
      if (!row || !target || target.index === row.index) return undefined;
      return `${row.song.song_name} will go to ${position(target.index, total)}.`;
    },
    onDragEnd: ({ active, over }) => {
      const row = describe(active);
      const target = rowData(over?.data.current);
      if (!row) return undefined;
      if (!target || target.index === row.index) return `${row.song.song_name} dropped, still at ${position(row.index, total)}.`;
      const neighbour = songAt(target.index);
      return `${row.song.song_name} moved to ${position(target.index, total)}${neighbour ? `, ${target.index > row.index ? 'after' : 'before'} ${neighbour.song_name}` : ''}.`;
    },
    onDragCancel: ({ active }) => {
      const row = describe(active);
      return row ? `Moving cancelled. ${row.song.song_name} stays at ${position(row.index, total)}.` : undefined;
    },
  };
}

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move this song, press Space or Enter to pick it up, the up and down arrow keys to move it, and Space or Enter again to drop it. Escape cancels.',
};

interface PlaylistReorderProps {
  total: number;
  songAt: (index: number) => Song | undefined;
  onMove: (from: number, to: number) => void;
  /** Why the last move failed, shown (and announced) above the list. */
  failure: string | null;
  onDismissFailure: () => void;
  children: ReactNode;
}

/**
 * Drag and drop for a playlist's rows (its creator's page), with dnd-kit: by pointer or touch on a row's
 * handle, and by keyboard (Space or Enter on the handle, arrows, Space or Enter to drop, Escape to cancel),
 * announced to screen readers. Works with the windowed list: every rendered row's handle is a drop target,
 * the dragged song is drawn in an overlay (its own row may scroll out of the DOM) and dnd-kit scrolls the
 * list as the song nears its edges. The drop is handed to `onMove` (usePlaylistOrder).
 */
export function PlaylistReorder({ total, songAt, onMove, failure, onDismissFailure, children }: PlaylistReorderProps) {
  const sensors = useSensors(
    // A few pixels first, so a click on the handle stays a click (and focuses it).
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: rowByRow }),
  );
  const [dragged, setDragged] = useState<Song | null>(null);

  const onDragStart = (event: DragStartEvent) => setDragged(rowData(event.active.data.current)?.song ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const row = rowData(active.data.current);
    const target = rowData(over?.data.current);
    if (!row || !target || target.index === row.index) return;
    onMove(row.index, target.index);
    // Focus follows the song to its new row (dnd-kit's own focus return would land on the row it left).
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-reorder-song="${CSS.escape(row.song.id)}"]`)?.focus());
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{ announcements: announcements(total, songAt), screenReaderInstructions: SCREEN_READER_INSTRUCTIONS, restoreFocus: false }}
    >
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
          <Button size="small" variant="secondary" onClick={onDismissFailure}>
            Dismiss
          </Button>
        </p>
      )}
      {children}
      {/* Outside the list, whose rows sit in a transformed block: a fixed overlay must not be placed inside it. */}
      <DragOverlay dropAnimation={null}>
        {dragged && (
          <div className={styles.overlay} aria-hidden="true">
            <span>{dragged.song_name}</span>
            <span className={styles.overlayArtist}>{creditNames(dragged)}</span>
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

/** A row's drag handle; the row is a drop target through it (its rect stands for the row's, a row apart). */
export function ReorderHandle({ song, index }: RowData) {
  const data: RowData = { song, index };
  const draggable = useDraggable({ id: `song:${song.id}`, data });
  const droppable = useDroppable({ id: `row:${index}`, data });
  const setNode = useCallback(
    (node: HTMLElement | null) => {
      draggable.setNodeRef(node);
      droppable.setNodeRef(node);
    },
    [draggable.setNodeRef, droppable.setNodeRef],
  );
  const from = rowData(droppable.active?.data.current)?.index;
  const edge = droppable.isOver && from !== undefined && from !== index ? (index > from ? 'below' : 'above') : null;
  return (
    <span ref={setNode}>
      <IconButton
        ref={draggable.setActivatorNodeRef}
        size="small"
        className={styles.handle}
        label={`Move ${song.song_name}`}
        data-reorder-song={song.id}
        {...draggable.attributes}
        {...draggable.listeners}
        // A button already: dnd-kit's role and tabIndex for a div are not wanted (the grid manages the Tab stop).
        role={undefined}
        tabIndex={undefined}
      >
        <GripIcon />
      </IconButton>
      {edge && <span className={styles.dropLine} data-edge={edge} aria-hidden="true" />}
    </span>
  );
}
