import { lazy, Suspense, useCallback, useState } from 'react';
import type { Song } from '@tunafy/contracts';
import type { MenuAction } from '../components/action-menu';
import { SelectionBar } from '../components/selection-bar';
import { VirtualTrackList, type VirtualTrackListProps } from '../components/virtual-track-list';
import { AddToPlaylistDialog } from '../features/playlists/add-to-playlist-dialog';
import { ShareDialog } from '../features/shares/share-dialog';
import { queueSongs } from '../lib/player';
import { MAX_SELECTION } from '../lib/selection';
import { useSessionUser } from '../lib/session';
import { useSelection } from '../lib/use-selection';

// Loaded when first opened: its form validates with the contracts' zod schemas, which the reading screens must not carry.
const EditTagsDialog = lazy(() => import('../features/songs/edit-tags-dialog').then((module) => ({ default: module.EditTagsDialog })));

/** The list's props; the row menu and the selection are the SongList's own. */
type SongListProps = Omit<VirtualTrackListProps, 'menu' | 'selection'>;

/**
 * A list of songs as every page shows it (All Songs, an album, a playlist, Liked Songs): the windowed rows, each
 * with a menu (Play next, Add to queue, Add to Playlist), rows selectable by click, Shift-click and keys, and the
 * bar that acts on the selection (Edit tags too when every selected song is the user's). See docs/queue-and-selection.md.
 */
export function SongList({ rows, total, playback, label, actions, actionCount }: SongListProps) {
  const user = useSessionUser();
  // The list shown may be shorter than the rows behind it (a user page's top songs): ranges stop at what is shown.
  const selection = useSelection({ total, rowAt: rows.rowAt, rowsIn: rows.rowsIn });
  const [adding, setAdding] = useState<readonly string[] | null>(null);
  const [tagging, setTagging] = useState<readonly Song[] | null>(null);
  const [sharing, setSharing] = useState<Song | null>(null);
  const selected = selection.count > 0 ? selection.selected() : [];
  const allOwn = Boolean(user) && selected.length > 0 && selected.every((song) => song.artist_id === user!.id);
  // Stable, so rows do not render again on every scroll.
  const userId = user?.id;
  const menu = useCallback(
    (song: Song): MenuAction[] => [
      { label: 'Play next', onSelect: () => queueSongs([song], 'next') },
      { label: 'Add to queue', onSelect: () => queueSongs([song], 'end') },
      { label: 'Add to Playlist', onSelect: () => setAdding([song.id]) },
      // Only your own songs can be shared (docs/shares.md).
      ...(song.artist_id === userId ? [{ label: 'Copy link to share', onSelect: () => setSharing(song) }] : []),
    ],
    [userId],
  );
  return (
    <div>
      <VirtualTrackList rows={rows} total={total} playback={playback} label={label} actions={actions} actionCount={actionCount} menu={menu} selection={selection} />
      <SelectionBar
        count={selection.count}
        capped={selection.state.capped}
        max={MAX_SELECTION}
        pending={selection.pending}
        onPlayNext={() => queueSongs(selection.selected(), 'next')}
        onAddToQueue={() => queueSongs(selection.selected(), 'end')}
        onAddToPlaylist={() => setAdding(selection.selected().map((song) => song.id))}
        onEditTags={allOwn ? () => setTagging(selected) : undefined}
        onClear={selection.clear}
      />
      {adding && user && <AddToPlaylistDialog userId={user.id} songIds={adding} onClose={() => setAdding(null)} />}
      {sharing && <ShareDialog target={{ kind: 'song', id: sharing.id, name: sharing.song_name }} onClose={() => setSharing(null)} />}
      {tagging && (
        <Suspense fallback={null}>
          <EditTagsDialog
            songs={tagging}
            onClose={() => setTagging(null)}
            onSaved={() => {
              setTagging(null);
              selection.clear();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
