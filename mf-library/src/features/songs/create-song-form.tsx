import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { songFieldsSchema, type Song } from '@tunafy/contracts';
import { FileInput, LibraryFormFrame, NameField, NewCoverInput, checkFields, schemaErrors } from '../../components/library-form';
import { coverError, songFileError, SONG_ACCEPT } from '../../lib/files';
import { useNameFromTags } from '../../lib/use-name-from-tags';
import { useLibraryForm, type FormErrors, type LibraryFormOptions } from '../../lib/form';
import { guardUpload } from '../../lib/upload-session';
import { createSong } from './api';

export type SongValues = { song_name: string; song_cover_url: File | null; song_file_url: File | null };

const nameOnly = songFieldsSchema.pick({ song_name: true });

/**
 * SPEC §5: name required; cover .jpeg/.jpg/.png/.pdf/.gif; song file .mp3. A new song needs both files; an update's
 * replacement cover or song file, when chosen, must be of the allowed kinds.
 */
export function checkSong(values: SongValues, filesRequired: boolean): FormErrors<keyof SongValues> {
  return checkFields({
    song_name: schemaErrors(nameOnly, { song_name: values.song_name }).song_name,
    song_cover_url: coverError(values.song_cover_url, filesRequired),
    song_file_url: songFileError(values.song_file_url, filesRequired),
  });
}

/** A song form's state, and the song file input that fills an empty name from the file's tags (issue 13). */
export function useSongForm(options: Omit<LibraryFormOptions<SongValues, Song>, 'check'>, filesRequired: boolean) {
  const form = useLibraryForm<SongValues, Song>({ ...options, check: (values) => checkSong(values, filesRequired) });
  const nameFromTags = useNameFromTags(form.values.song_name, (name) => form.setValue('song_name', name));
  const songFile = ({ hint, accept }: { hint: ReactNode; accept: string }) => (
    <FileInput form={form} field="song_file_url" label="Song file" hint={hint} accept={accept} onFile={nameFromTags} />
  );
  return { form, songFile };
}

export function CreateSongForm({ onCreated }: { onCreated: (song: Song) => void }) {
  const { form, songFile } = useSongForm(
    {
      initial: { song_name: '', song_cover_url: null, song_file_url: null },
      send: (values, onProgress) =>
        guardUpload([values.song_cover_url, values.song_file_url], () =>
          createSong({ song_name: values.song_name.trim(), song_cover_url: values.song_cover_url!, song_file_url: values.song_file_url! }, onProgress),
        ),
      onSuccess: onCreated,
    },
    true,
  );
  return (
    <LibraryFormFrame form={form} submitLabel="Create Song">
      <NameField form={form} field="song_name" label="Song Name" />
      <NewCoverInput form={form} field="song_cover_url" />
      {songFile({ hint: <OtherFormatsHint />, accept: SONG_ACCEPT })}
    </LibraryFormFrame>
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
