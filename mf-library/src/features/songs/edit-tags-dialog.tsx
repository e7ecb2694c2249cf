import { useState } from 'react';
import type { Song } from '@tunafy/contracts';
import { Button, Dialog, Form, FormAlert, SubmitButton, dialogActionsClassName } from '@tunafy/ui';
import { libraryChanged, notify } from '../../lib/bus';
import { formatSongCount } from '../../lib/format';
import { correctSongsTags } from './api';
import { SongTagFields } from './song-tag-fields';
import { sharedTagValues, type TagField } from './song-tags';
import { useTagForm } from './use-tag-form';

const FIELDS: readonly TagField[] = ['artists', 'genre', 'year'];

/**
 * "Edit tags" of a selection of the user's own songs (issue 25): Artists, Genre and Year for all of them with one
 * PUT /api/songs/tags, which changes every song or none. A field the songs share starts with its value; one they differ
 * on starts empty and, left so, stays each song's own (the request leaves it out).
 */
export function EditTagsDialog({ songs, onClose, onSaved }: { songs: readonly Song[]; onClose: () => void; onSaved: () => void }) {
  const [{ values, mixed }] = useState(() => sharedTagValues(songs));
  const count = formatSongCount(songs.length);
  const form = useTagForm({
    initial: values,
    fields: FIELDS,
    send: (request) => correctSongsTags(songs.map((song) => song.id), request),
    onSuccess: () => {
      notify(`Updated the tags of ${count}.`);
      // One change for the lists to read again; which song does not matter to them.
      libraryChanged({ entity: 'song', id: songs[0]!.id, action: 'updated' });
      onSaved();
    },
    nothingChanged: 'Change a field to save, or cancel.',
  });
  return (
    <Dialog
      title={`Edit tags of ${count}`}
      description="What you set here applies to every one of them."
      onClose={form.pending ? () => undefined : onClose}
      initialFocus="first"
    >
      <Form onSubmit={form.onSubmit} noValidate aria-busy={form.pending || undefined}>
        <FormAlert message={form.formError} />
        <SongTagFields form={form} mixed={mixed} />
        <div className={dialogActionsClassName}>
          <Button variant="secondary" onClick={onClose} disabled={form.pending}>
            Cancel
          </Button>
          <SubmitButton label="Save" pending={form.pending} blocked={form.blocked} />
        </div>
      </Form>
    </Dialog>
  );
}
