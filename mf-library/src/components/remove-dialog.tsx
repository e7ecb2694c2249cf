import { removeFromListMessage, removeFromListTitle } from '../lib/texts';
import { ConfirmDialog } from './confirm-dialog';

/** SPEC §8: title 'Removing from "{album or playlist}"', body '"{song}" will no longer be in "{album or playlist}".' */
export function RemoveFromListDialog({ listName, songName, onConfirm, onClose }: { listName: string; songName: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  return (
    <ConfirmDialog
      title={removeFromListTitle(listName)}
      message={removeFromListMessage(songName, listName)}
      confirmLabel="Remove"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
