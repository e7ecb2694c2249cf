import { Link } from 'react-router';
import { songFieldsSchema, validate, type Song } from '@tunafy/contracts';
import { FileField, Form, FormActions, FormAlert, SubmitButton, TextField, buttonClassName } from '@tunafy/ui';
import { CoverPicker } from '../../components/cover-picker';
import { UploadProgress } from '../../components/form-layout';
import { coverError, songFileError } from '../../lib/files';
import { useNameFromTags } from '../../lib/use-name-from-tags';
import { useLibraryForm, type FormErrors } from '../../lib/form';
import { formatDuration } from '../../lib/format';
import { updateSong } from './api';
import { OtherFormatsHint } from './create-song-form';

type Values = { song_name: string; song_cover_url: File | null; song_file_url: File | null };
type Field = keyof Values;

const nameOnly = songFieldsSchema.pick({ song_name: true });

/** SPEC §5: name required. A replacement cover or song file, when chosen, must be of the allowed kinds. */
export function checkSongChanges(values: Values): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  const name = validate(nameOnly, { song_name: values.song_name });
  if (!name.ok && name.errors.song_name) errors.song_name = name.errors.song_name;
  const cover = coverError(values.song_cover_url, false);
  if (cover) errors.song_cover_url = cover;
  const audio = songFileError(values.song_file_url, false);
  if (audio) errors.song_file_url = audio;
  return errors;
}

export function UpdateSongForm({ song, onUpdated }: { song: Song; onUpdated: (song: Song) => void }) {
  const form = useLibraryForm<Values, Song>({
    initial: { song_name: song.song_name, song_cover_url: null, song_file_url: null },
    check: checkSongChanges,
    send: (values, onProgress) =>
      updateSong(song.id, { song_name: values.song_name.trim(), song_cover_url: values.song_cover_url, song_file_url: values.song_file_url }, onProgress),
    onSuccess: onUpdated,
  });
  const nameFromTags = useNameFromTags(form.values.song_name, (name) => form.setValue('song_name', name));
  const uploading = Boolean(form.values.song_cover_url || form.values.song_file_url);
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-busy={form.pending || undefined}>
      <FormAlert message={form.formError} />
      <CoverPicker
        kind="song"
        currentUrl={song.song_cover_url}
        file={form.values.song_cover_url}
        onFile={(file) => form.setValue('song_cover_url', file)}
        accept="image/*"
        error={form.errors.song_cover_url}
        inputRef={form.register('song_cover_url')}
        disabled={form.pending}
      />
      <TextField
        label="Song Name"
        value={form.values.song_name}
        onValueChange={(value) => form.setValue('song_name', value)}
        error={form.errors.song_name}
        inputRef={form.register('song_name')}
        autoComplete="off"
        disabled={form.pending}
      />
      <FileField
        label="Song file"
        hint={<OtherFormatsHint before={`Optional: replaces the current audio (${formatDuration(song.duration)}). An .mp3 file, up to 30 MB.`} />}
        accept="audio/*"
        onFile={(file) => {
          form.setValue('song_file_url', file);
          nameFromTags(file);
        }}
        error={form.errors.song_file_url}
        inputRef={form.register('song_file_url')}
        disabled={form.pending}
      />
      <UploadProgress progress={uploading ? form.progress : null} />
      <FormActions>
        <SubmitButton label="Update Song" pending={form.pending} blocked={form.blocked} />
        <Link to={`/songs/${song.id}`} className={buttonClassName('secondary')}>
          Cancel
        </Link>
      </FormActions>
    </Form>
  );
}
