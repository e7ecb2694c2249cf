import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Song } from '@tunafy/contracts';
import { IconButton, MinusCircleIcon } from '@tunafy/ui';
import { libraryChanged } from '../lib/bus';
import { deleteMessage } from '../lib/texts';
import { ConfirmDialog } from './confirm-dialog';
import type { EditedEntity } from './item-route';
import { RemoveFromListDialog } from './remove-dialog';

interface DeleteDialogProps {
  entity: EditedEntity;
  id: string;
  name: string;
  remove: (id: string) => Promise<unknown>;
  onClose: () => void;
}

/** SPEC §8's "Delete {song, album, playlist}" confirmation; once deleted, back to the list of its kind (SPEC §4). */
export function DeleteDialog({ entity, id, name, remove, onClose }: DeleteDialogProps) {
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      title={`Delete ${entity}`}
      message={deleteMessage(name)}
      confirmLabel="Delete"
      onClose={onClose}
      onConfirm={async () => {
        await remove(id);
        navigate(`/${entity}s`);
        libraryChanged({ entity, id, action: 'deleted' });
      }}
    />
  );
}

interface ListDialogsOptions {
  entity: 'album' | 'playlist';
  id: string;
  name: string;
  deleteList: (id: string) => Promise<unknown>;
  removeSong: (listId: string, songId: string) => Promise<unknown>;
  /** After a removal (SPEC §4: the list's header and rows are read again). */
  onRemoved: (song: Song) => void;
}

type Open = { kind: 'delete' } | { kind: 'remove'; song: Song } | null;

/**
 * An album's or playlist's two confirmations: deleting the list (from its menu) and removing a song from it (from a
 * row's button). Returns the openers, the rows' Remove button and the open dialog to render.
 */
export function useListDialogs({ entity, id, name, deleteList, removeSong, onRemoved }: ListDialogsOptions) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  // Stable, so the list's rows do not render again on every scroll.
  const removeButton = useCallback(
    (song: Song) => (
      <IconButton size="small" label={`Remove ${song.song_name} from ${name}`} onClick={() => setOpen({ kind: 'remove', song })}>
        <MinusCircleIcon />
      </IconButton>
    ),
    [name],
  );
  let dialog = null;
  if (open?.kind === 'delete') dialog = <DeleteDialog entity={entity} id={id} name={name} remove={deleteList} onClose={close} />;
  else if (open?.kind === 'remove') {
    const { song } = open;
    dialog = (
      <RemoveFromListDialog
        listName={name}
        songName={song.song_name}
        onClose={close}
        onConfirm={async () => {
          await removeSong(id, song.id);
          setOpen(null);
          onRemoved(song);
        }}
      />
    );
  }
  return { askDelete: () => setOpen({ kind: 'delete' }), removeButton, dialog };
}
