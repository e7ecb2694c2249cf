import { Link } from 'react-router';
import { albumFieldsSchema, validate, type Album } from '@tunafy/contracts';
import { Form, FormActions, FormAlert, SubmitButton, TextField, buttonClassName } from '@tunafy/ui';
import { CoverPicker } from '../../components/cover-picker';
import { UploadProgress } from '../../components/form-layout';
import { coverError } from '../../lib/files';
import { useLibraryForm, type FormErrors } from '../../lib/form';
import { updateAlbum } from './api';

type Values = { album_name: string; album_cover_url: File | null };
type Field = keyof Values;

/** SPEC §5: name required; the cover is optional (and must be an image when chosen). */
export function checkAlbumChanges(values: Values): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  const name = validate(albumFieldsSchema, { album_name: values.album_name });
  if (!name.ok && name.errors.album_name) errors.album_name = name.errors.album_name;
  const cover = coverError(values.album_cover_url, false);
  if (cover) errors.album_cover_url = cover;
  return errors;
}

export function UpdateAlbumForm({ album, onUpdated }: { album: Album; onUpdated: (album: Album) => void }) {
  const form = useLibraryForm<Values, Album>({
    initial: { album_name: album.album_name, album_cover_url: null },
    check: checkAlbumChanges,
    send: (values, onProgress) => updateAlbum(album.id, { album_name: values.album_name.trim(), album_cover_url: values.album_cover_url }, onProgress),
    onSuccess: onUpdated,
  });
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-busy={form.pending || undefined}>
      <FormAlert message={form.formError} />
      <CoverPicker
        kind="album"
        currentUrl={album.album_cover_url}
        file={form.values.album_cover_url}
        onFile={(file) => form.setValue('album_cover_url', file)}
        accept="image/*,.pdf"
        error={form.errors.album_cover_url}
        inputRef={form.register('album_cover_url')}
        disabled={form.pending}
      />
      <TextField
        label="Album Name"
        value={form.values.album_name}
        onValueChange={(value) => form.setValue('album_name', value)}
        error={form.errors.album_name}
        inputRef={form.register('album_name')}
        autoComplete="off"
        disabled={form.pending}
      />
      <UploadProgress progress={form.values.album_cover_url ? form.progress : null} />
      <FormActions>
        <SubmitButton label="Update Album" pending={form.pending} blocked={form.blocked} />
        <Link to={`/albums/${album.id}`} className={buttonClassName('secondary')}>
          Cancel
        </Link>
      </FormActions>
    </Form>
  );
}
