import { Link } from 'react-router';
import { songFieldsSchema, validate, type Song } from '@tunafy/contracts';
import { FileField, Form, FormActions, FormAlert, SubmitButton, TextField } from '@tunafy/ui';
import { UploadProgress } from '../../components/form-layout';
import { coverError, COVER_ACCEPT, songFileError, SONG_ACCEPT } from '../../lib/files';
import { useNameFromTags } from '../../lib/use-name-from-tags';
import { useLibraryForm, type FormErrors } from '../../lib/form';
import { createSong } from './api';

type Values = { song_name: string; song_cover_url: File | null; song_file_url: File | null };
type Field = keyof Values;

const nameOnly = songFieldsSchema.pick({ song_name: true });

/** SPEC §5: name required; cover .jpeg/.jpg/.png/.pdf/.gif; song file required, .mp3. */
export function checkNewSong(values: Values): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  const name = validate(nameOnly, { song_name: values.song_name });
  if (!name.ok && name.errors.song_name) errors.song_name = name.errors.song_name;
  const cover = coverError(values.song_cover_url, true);
  if (cover) errors.song_cover_url = cover;
  const song = songFileError(values.song_file_url, true);
  if (song) errors.song_file_url = song;
  return errors;
}

export function CreateSongForm({ onCreated }: { onCreated: (song: Song) => void }) {
  const form = useLibraryForm<Values, Song>({
    initial: { song_name: '', song_cover_url: null, song_file_url: null },
    check: checkNewSong,
    send: (values, onProgress) =>
      createSong({ song_name: values.song_name.trim(), song_cover_url: values.song_cover_url!, song_file_url: values.song_file_url! }, onProgress),
    onSuccess: onCreated,
  });
  const nameFromTags = useNameFromTags(form.values.song_name, (name) => form.setValue('song_name', name));
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-busy={form.pending || undefined}>
      <FormAlert message={form.formError} />
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
        label="Cover photo"
        hint="A .jpeg, .jpg, .png, .pdf or .gif file, up to 10 MB."
        accept={COVER_ACCEPT}
        onFile={(file) => form.setValue('song_cover_url', file)}
        error={form.errors.song_cover_url}
        inputRef={form.register('song_cover_url')}
        disabled={form.pending}
      />
      <FileField
        label="Song file"
        hint={<OtherFormatsHint />}
        accept={SONG_ACCEPT}
        onFile={(file) => {
          form.setValue('song_file_url', file);
          nameFromTags(file);
        }}
        error={form.errors.song_file_url}
        inputRef={form.register('song_file_url')}
        disabled={form.pending}
      />
      <UploadProgress progress={form.progress} />
      <FormActions>
        <SubmitButton label="Create Song" pending={form.pending} blocked={form.blocked} />
      </FormActions>
    </Form>
  );
}

/** This form stays mp3-only (SPEC §5); other formats and whole folders go through the upload screen (issue 13). */
export function OtherFormatsHint({ before = 'An .mp3 file, up to 30 MB.' }: { before?: string }) {
  return (
    <>
      {before} FLAC, m4a, Ogg, Opus, WAV or a whole album? <Link to="/upload">Use the upload screen</Link>.
    </>
  );
}
