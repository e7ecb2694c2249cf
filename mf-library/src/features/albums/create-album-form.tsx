import { albumFieldsSchema, validate, type Album } from '@tunafy/contracts';
import { FileField, Form, FormActions, FormAlert, SubmitButton, TextField } from '@tunafy/ui';
import { UploadProgress } from '../../components/form-layout';
import { coverError, COVER_ACCEPT } from '../../lib/files';
import { useLibraryForm, type FormErrors } from '../../lib/form';
import { createAlbum } from './api';

type Values = { album_name: string; album_cover_url: File | null };
type Field = keyof Values;

/** SPEC §5: name required; cover file required, with the cover formats and message. */
export function checkNewAlbum(values: Values): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  const name = validate(albumFieldsSchema, { album_name: values.album_name });
  if (!name.ok && name.errors.album_name) errors.album_name = name.errors.album_name;
  const cover = coverError(values.album_cover_url, true);
  if (cover) errors.album_cover_url = cover;
  return errors;
}

export function CreateAlbumForm({ onCreated }: { onCreated: (album: Album) => void }) {
  const form = useLibraryForm<Values, Album>({
    initial: { album_name: '', album_cover_url: null },
    check: checkNewAlbum,
    send: (values, onProgress) => createAlbum({ album_name: values.album_name.trim(), album_cover_url: values.album_cover_url! }, onProgress),
    onSuccess: onCreated,
  });
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-busy={form.pending || undefined}>
      <FormAlert message={form.formError} />
      <TextField
        label="Album Name"
        value={form.values.album_name}
        onValueChange={(value) => form.setValue('album_name', value)}
        error={form.errors.album_name}
        inputRef={form.register('album_name')}
        autoComplete="off"
        disabled={form.pending}
      />
      <FileField
        label="Cover photo"
        hint="A .jpeg, .jpg, .png, .pdf or .gif file, up to 10 MB."
        accept={COVER_ACCEPT}
        onFile={(file) => form.setValue('album_cover_url', file)}
        error={form.errors.album_cover_url}
        inputRef={form.register('album_cover_url')}
        disabled={form.pending}
      />
      <UploadProgress progress={form.progress} />
      <FormActions>
        <SubmitButton label="Create Album" pending={form.pending} blocked={form.blocked} />
      </FormActions>
    </Form>
  );
}
