import type { Song } from '@tunafy/contracts';
import { CoverChange, LibraryFormFrame, NameField } from '../../components/library-form';
import { formatDuration } from '../../lib/format';
import { guardUpload } from '../../lib/upload-session';
import { updateSong } from './api';
import { OtherFormatsHint, useSongForm } from './create-song-form';
import { LyricsSection } from './lyrics-section';
import { SongTagsSection } from './song-tags-form';

export function UpdateSongForm({ song, onUpdated }: { song: Song; onUpdated: (song: Song) => void }) {
  const { form, songFile } = useSongForm(
    {
      initial: { song_name: song.song_name, song_cover_url: null, song_file_url: null },
      send: (values, onProgress) =>
        guardUpload([values.song_cover_url, values.song_file_url], () =>
          updateSong(song.id, { song_name: values.song_name.trim(), song_cover_url: values.song_cover_url, song_file_url: values.song_file_url }, onProgress),
        ),
      onSuccess: onUpdated,
    },
    false,
  );
  const uploading = Boolean(form.values.song_cover_url || form.values.song_file_url);
  return (
    <>
      <LibraryFormFrame form={form} submitLabel="Update Song" uploading={uploading} cancelTo={`/songs/${song.id}`}>
        <CoverChange form={form} field="song_cover_url" kind="song" currentUrl={song.song_cover_url} accept="image/*" />
        <NameField form={form} field="song_name" label="Song Name" />
        {songFile({
          hint: <OtherFormatsHint before={`Optional: replaces the current audio (${formatDuration(song.duration)}). An .mp3 file, up to 30 MB.`} />,
          accept: 'audio/*',
        })}
      </LibraryFormFrame>
      {/* Issue 25: the credited artists, album artist, genre and year, saved on their own (SPEC's form stays as it is). */}
      <SongTagsSection song={song} onSaved={onUpdated} />
      {/* Issue 28: lyrics, saved on their own with PUT /api/songs/{id}/lyrics (docs/lyrics.md). */}
      <LyricsSection song={song} />
    </>
  );
}
