import { albumFieldsSchema, type Album } from '@tunafy/contracts';
import { LibraryFormFrame, NameField, NewCoverInput, checkFields, schemaErrors } from '../../components/library-form';
import { coverError } from '../../lib/files';
import { useLibraryForm, type FormErrors } from '../../lib/form';
import { guardUpload } from '../../lib/upload-session';
import { createAlbum } from '../shared/albums-api';

export type AlbumValues = { album_name: string; album_cover_url: File | null };

/** SPEC §5: name required; a new album's cover is required, a replacement optional; both of the cover formats, with their message. */
export function checkAlbum(values: AlbumValues, coverRequired: boolean): FormErrors<keyof AlbumValues> {
  return checkFields({
    album_name: schemaErrors(albumFieldsSchema, { album_name: values.album_name }).album_name,
    album_cover_url: coverError(values.album_cover_url, coverRequired),
  });
}

export function CreateAlbumForm({ onCreated }: { onCreated: (album: Album) => void }) {
  const form = useLibraryForm<AlbumValues, Album>({
    initial: { album_name: '', album_cover_url: null },
    check: (values) => checkAlbum(values, true),
    send: (values, onProgress) =>
      guardUpload([values.album_cover_url], () => createAlbum({ album_name: values.album_name.trim(), album_cover_url: values.album_cover_url! }, onProgress)),
    onSuccess: onCreated,
  });
  return (
    <LibraryFormFrame form={form} submitLabel="Create Album">
      <NameField form={form} field="album_name" label="Album Name" />
      <NewCoverInput form={form} field="album_cover_url" />
    </LibraryFormFrame>
  );
}
