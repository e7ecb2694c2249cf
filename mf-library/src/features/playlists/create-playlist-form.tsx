import { playlistFieldsSchema, validate, type Playlist } from '@tunafy/contracts';
import { CheckboxField, FileField, Form, FormActions, FormAlert, SubmitButton, TextAreaField, TextField } from '@tunafy/ui';
import { UploadProgress } from '../../components/form-layout';
import { coverError, COVER_ACCEPT } from '../../lib/files';
import { useLibraryForm, type FormErrors } from '../../lib/form';
import { createPlaylist } from './api';

type Values = { playlist_name: string; playlist_cover_url: File | null; description: string; private: boolean };
type Field = keyof Values;

/** SPEC §5: name required; an optional cover in one of the image formats (same message). */
export function checkNewPlaylist(values: Values): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  const fields = validate(playlistFieldsSchema, { playlist_name: values.playlist_name, description: values.description, private: values.private });
  if (!fields.ok) {
    if (fields.errors.playlist_name) errors.playlist_name = fields.errors.playlist_name;
    if (fields.errors.description) errors.description = fields.errors.description;
  }
  const cover = coverError(values.playlist_cover_url, false);
  if (cover) errors.playlist_cover_url = cover;
  return errors;
}

export function CreatePlaylistForm({ onCreated }: { onCreated: (playlist: Playlist) => void }) {
  const form = useLibraryForm<Values, Playlist>({
    initial: { playlist_name: '', playlist_cover_url: null, description: '', private: false },
    check: checkNewPlaylist,
    send: (values, onProgress) =>
      createPlaylist(
        { playlist_name: values.playlist_name.trim(), playlist_cover_url: values.playlist_cover_url, description: values.description.trim(), private: values.private },
        onProgress,
      ),
    onSuccess: onCreated,
  });
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-busy={form.pending || undefined}>
      <FormAlert message={form.formError} />
      <TextField
        label="Playlist Name"
        value={form.values.playlist_name}
        onValueChange={(value) => form.setValue('playlist_name', value)}
        error={form.errors.playlist_name}
        inputRef={form.register('playlist_name')}
        autoComplete="off"
        disabled={form.pending}
      />
      <FileField
        label="Cover photo"
        hint="Optional: a .jpeg, .jpg, .png, .pdf or .gif file, up to 10 MB."
        accept={COVER_ACCEPT}
        onFile={(file) => form.setValue('playlist_cover_url', file)}
        error={form.errors.playlist_cover_url}
        inputRef={form.register('playlist_cover_url')}
        disabled={form.pending}
      />
      <TextAreaField
        label="Description"
        value={form.values.description}
        onValueChange={(value) => form.setValue('description', value)}
        error={form.errors.description}
        inputRef={form.register('description')}
        disabled={form.pending}
      />
      <CheckboxField
        label="Private"
        hint="Only you will see a private playlist."
        checked={form.values.private}
        onCheckedChange={(checked) => form.setValue('private', checked)}
        error={form.errors.private}
      />
      <UploadProgress progress={form.values.playlist_cover_url ? form.progress : null} />
      <FormActions>
        <SubmitButton label="Create Playlist" pending={form.pending} blocked={form.blocked} />
      </FormActions>
    </Form>
  );
}
