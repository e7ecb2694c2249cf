import { useEffect, useId, useState } from 'react';
import { LYRICS_LIMITS, LYRICS_MESSAGES, type Song } from '@tunafy/contracts';
import { Button, Dialog, FileField, Form, FormAlert, SubmitButton, TextAreaField, dialogActionsClassName } from '@tunafy/ui';
import { libraryChanged, notify } from '../../lib/bus';
import { toFormErrors } from '../../lib/form';
import { deleteSongLyrics, fetchSongLyrics, lyricsAsText, saveSongLyrics } from './lyrics-api';
import styles from './song-tags.module.css';

/**
 * The update screen's lyrics (docs/lyrics.md): a section of its own under SPEC's form and the tags, so SPEC's fields
 * and strings stay as they are. "Edit lyrics" opens a dialog to paste LRC or plain text, or fill it from an .lrc/.txt
 * file; the API cleans and checks it (its messages show under the field). The owner's lyrics win over the file's.
 */
export function LyricsSection({ song }: { song: Song }) {
  const headingId = useId();
  const [hasLyrics, setHasLyrics] = useState(Boolean(song.has_lyrics));
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const changed = (message: string, now: boolean) => {
    setHasLyrics(now);
    notify(message);
    libraryChanged({ entity: 'song', id: song.id, action: 'updated' });
  };

  const remove = async () => {
    setRemoving(true);
    setError(null);
    try {
      await deleteSongLyrics(song.id);
      changed('Removed the lyrics.', false);
    } catch (failure) {
      setError(toFormErrors(failure, []).form);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Lyrics
      </h2>
      <p className={styles.intro}>{hasLyrics ? 'This song has lyrics; the player shows them as it plays.' : 'No lyrics yet. Add timed lyrics (LRC) to have them follow the song.'}</p>
      <FormAlert message={error} />
      <div className={styles.lyricsActions}>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Edit lyrics
        </Button>
        {hasLyrics && (
          <Button variant="secondary" onClick={remove} disabled={removing}>
            Remove lyrics
          </Button>
        )}
      </div>
      {open && (
        <EditLyricsDialog
          song={song}
          hasLyrics={hasLyrics}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            changed('Saved the lyrics.', true);
          }}
        />
      )}
    </section>
  );
}

function EditLyricsDialog({ song, hasLyrics, onClose, onSaved }: { song: Song; hasLyrics: boolean; onClose: () => void; onSaved: () => void }) {
  const [text, setText] = useState('');
  const [loaded, setLoaded] = useState(!hasLyrics);
  const [pending, setPending] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  // The current lyrics, as text to edit (timed ones as LRC).
  useEffect(() => {
    if (!hasLyrics) return;
    let live = true;
    const done = () => live && setLoaded(true);
    fetchSongLyrics(song.id).then((lyrics) => {
      if (live && lyrics) setText(lyricsAsText(lyrics));
      done();
    }, done);
    return () => {
      live = false;
    };
  }, [hasLyrics, song.id]);

  const readFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > LYRICS_LIMITS.inputBytesMax) return setFieldError(LYRICS_MESSAGES.inputTooLong);
    if (!/\.(lrc|txt)$/i.test(file.name)) return setFieldError(LYRICS_MESSAGES.notText);
    setFieldError(undefined);
    setText(await readText(file));
  };

  const submit = async () => {
    if (!text.trim()) return setFieldError(LYRICS_MESSAGES.required);
    setPending(true);
    setFormError(null);
    try {
      await saveSongLyrics(song.id, text);
      onSaved();
    } catch (failure) {
      const errors = toFormErrors(failure, ['text']);
      setFieldError(errors.fields.text);
      setFormError(errors.form);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title="Edit lyrics" description={`Paste LRC ([mm:ss.xx] before each line) or plain text for “${song.song_name}”.`} onClose={pending ? () => undefined : onClose} initialFocus="first">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
        aria-busy={pending || !loaded || undefined}
      >
        <FormAlert message={formError} />
        <TextAreaField label="Lyrics" value={text} onValueChange={setText} error={fieldError} rows={12} disabled={!loaded} placeholder={'[00:12.00]First line\n[00:17.50]Second line'} />
        <FileField label="Or fill it from a file (.lrc or .txt)" accept=".lrc,.txt,text/plain" onFile={(file) => void readFile(file)} />
        <div className={dialogActionsClassName}>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <SubmitButton label="Save lyrics" pending={pending} blocked={!loaded} />
        </div>
      </Form>
    </Dialog>
  );
}

/** FileReader rather than Blob.text(): the same in every browser the app supports, and in the tests' DOM. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}
