import type { Album } from '@tunafy/contracts';
import { CoverChange, LibraryFormFrame, NameField } from '../../components/library-form';
import { useLibraryForm } from '../../lib/form';
import { guardUpload } from '../../lib/upload-session';
import { updateAlbum } from '../shared/albums-api';
import { checkAlbum, type AlbumValues } from './create-album-form';

export function UpdateAlbumForm({ album, onUpdated }: { album: Album; onUpdated: (album: Album) => void }) {
  const form = useLibraryForm<AlbumValues, Album>({
    initial: { album_name: album.album_name, album_cover_url: null },
    check: (values) => checkAlbum(values, false),
    send: (values, onProgress) =>
      guardUpload([values.album_cover_url], () => updateAlbum(album.id, { album_name: values.album_name.trim(), album_cover_url: values.album_cover_url }, onProgress)),
    onSuccess: onUpdated,
  });
  return (
    <LibraryFormFrame form={form} submitLabel="Update Album" uploading={Boolean(form.values.album_cover_url)} cancelTo={`/albums/${album.id}`}>
      <CoverChange form={form} field="album_cover_url" kind="album" currentUrl={album.album_cover_url} accept="image/*,.pdf" />
      <NameField form={form} field="album_name" label="Album Name" />
    </LibraryFormFrame>
  );
}
