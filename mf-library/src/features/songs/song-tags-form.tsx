import { useId } from 'react';
import type { AlbumDetail, Song } from '@tunafy/contracts';
import { Form, FormActions, FormAlert, Skeleton, SkeletonBlock, SubmitButton } from '@tunafy/ui';
import { libraryChanged } from '../../lib/bus';
import { useApi } from '../../lib/use-api';
import { albumPath } from '../shared/albums-api';
import { correctSongTags } from './api';
import { SongTagFields } from './song-tag-fields';
import { songTagValues, type TagField } from './song-tags';
import { useTagForm } from './use-tag-form';
import styles from './song-tags.module.css';

/**
 * The update screen's second form (issue 25): the owner corrects who the song is credited to, its album's album
 * artist, its genre and year, with PUT /api/songs/{id}/tags. A form of its own under SPEC's, so SPEC's fields, strings
 * and request stay exactly as they were.
 */
export function SongTagsSection({ song, onSaved }: { song: Song; onSaved: (song: Song) => void }) {
  const headingId = useId();
  // The album artist is the album's: read it to start the field from (the song does not carry it).
  const album = useApi<AlbumDetail>(song.album_id ? albumPath(song.album_id) : null);
  const albumKnown = !song.album_id || album.data !== undefined;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Tags
      </h2>
      <p className={styles.intro}>Who the song is by, as people see and browse it{song.album_id ? '; the album artist is the whole album’s' : ''}.</p>
      {albumKnown || album.error ? (
        <SongTagsForm song={song} album={album.data ?? null} onSaved={onSaved} />
      ) : (
        <Skeleton label="Loading tags">
          <SkeletonBlock width="100%" height={160} />
        </Skeleton>
      )}
    </section>
  );
}

function SongTagsForm({ song, album, onSaved }: { song: Song; album: AlbumDetail | null; onSaved: (song: Song) => void }) {
  // No album artist field when the song has no album, its album could not be read (nothing to start it from), or the
  // album is not the song owner's (the API lets only an album's owner change it).
  const ownAlbum = album && album.artist_id === song.artist_id ? album : null;
  const fields: TagField[] = ownAlbum ? ['artists', 'album_artist', 'genre', 'year'] : ['artists', 'genre', 'year'];
  const form = useTagForm({
    initial: songTagValues(song, ownAlbum),
    fields,
    send: (request) => correctSongTags(song.id, request),
    onSuccess: (saved, request) => {
      if (ownAlbum && request.album_artist !== undefined) libraryChanged({ entity: 'album', id: ownAlbum.id, action: 'updated' });
      onSaved(saved);
    },
  });
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-busy={form.pending || undefined}>
      <FormAlert message={form.formError} />
      <SongTagFields form={form} />
      <FormActions>
        <SubmitButton label="Save Tags" pending={form.pending} blocked={form.blocked} />
      </FormActions>
    </Form>
  );
}
