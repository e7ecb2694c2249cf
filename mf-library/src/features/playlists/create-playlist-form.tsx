import { playlistFieldsSchema, type Playlist } from '@tunafy/contracts';
import { CheckboxField, TextAreaField } from '@tunafy/ui';
import { LibraryFormFrame, NameField, NewCoverInput, bindField, checkFields, schemaErrors } from '../../components/library-form';
import { coverError } from '../../lib/files';
import { useLibraryForm, type FormErrors } from '../../lib/form';
import { guardUpload } from '../../lib/upload-session';
import { createPlaylist } from '../shared/playlists-api';

type Values = { playlist_name: string; playlist_cover_url: File | null; description: string; private: boolean };

/** SPEC §5: name required; an optional cover in one of the image formats (same message). */
export function checkNewPlaylist(values: Values): FormErrors<keyof Values> {
  const fields = schemaErrors(playlistFieldsSchema, { playlist_name: values.playlist_name, description: values.description, private: values.private });
  return checkFields({
    playlist_name: fields.playlist_name,
    playlist_cover_url: coverError(values.playlist_cover_url, false),
    description: fields.description,
  });
}

export function CreatePlaylistForm({ onCreated }: { onCreated: (playlist: Playlist) => void }) {
  const form = useLibraryForm<Values, Playlist>({
    initial: { playlist_name: '', playlist_cover_url: null, description: '', private: false },
    check: checkNewPlaylist,
    send: (values, onProgress) =>
      guardUpload([values.playlist_cover_url], () =>
        createPlaylist(
          { playlist_name: values.playlist_name.trim(), playlist_cover_url: values.playlist_cover_url, description: values.description.trim(), private: values.private },
          onProgress,
        ),
      ),
    onSuccess: onCreated,
  });
  return (
    <LibraryFormFrame form={form} submitLabel="Create Playlist" uploading={Boolean(form.values.playlist_cover_url)}>
      <NameField form={form} field="playlist_name" label="Playlist Name" />
      <NewCoverInput form={form} field="playlist_cover_url" optional />
      <TextAreaField label="Description" value={form.values.description} onValueChange={(value) => form.setValue('description', value)} {...bindField(form, 'description')} />
      <CheckboxField
        label="Private"
        hint="Only you will see a private playlist."
        checked={form.values.private}
        onCheckedChange={(checked) => form.setValue('private', checked)}
        error={form.errors.private}
      />
    </LibraryFormFrame>
  );
}
