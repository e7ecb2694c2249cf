import { useEffect, useId, useRef } from 'react';
import { ARTIST_LIMITS } from '@tunafy/contracts';
import { Button, IconButton, MinusCircleIcon, PlusIcon, TextField } from '@tunafy/ui';
import type { SharedField } from './song-tags';
import type { TagForm } from './use-tag-form';
import styles from './song-tags.module.css';

/** What a field of a selection whose songs differ says it does when left empty. */
const KEEP_EACH = 'Several values: each song keeps its own';

/**
 * The credited artists as a list of names, one input each, in credit order: a name is added or removed, never split
 * from one text (names hold commas and "&": docs/artists.md). No artist at all: the song shows as its owner's.
 */
function ArtistsField({ form, mixed }: { form: TagForm; mixed: boolean }) {
  const { artists } = form.values;
  const hintId = useId();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // The input to focus once the list has rendered: the one added, or the one now where a removed one was.
  const focusAt = useRef<number | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => {
    if (focusAt.current === null) return;
    (inputs.current[focusAt.current] ?? fieldset.current?.querySelector<HTMLElement>('[data-add-artist]'))?.focus();
    focusAt.current = null;
  });
  const full = artists.length >= ARTIST_LIMITS.creditsMax;
  const hint = mixed && artists.length === 0 ? 'The songs have different artists: left empty, each keeps its own.' : artists.length === 0 ? 'No artist: the song shows as yours.' : full ? `At most ${ARTIST_LIMITS.creditsMax} artists.` : null;

  return (
    <fieldset ref={fieldset} className={styles.artists} aria-describedby={hint ? hintId : undefined} disabled={form.pending}>
      <legend className={styles.legend}>Artists</legend>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {artists.map((name, index) => {
        const key = `artists.${index}`;
        const register = form.register(key);
        return (
          <div key={index} className={styles.artistRow}>
            <TextField
              label={`Artist ${index + 1}`}
              value={name}
              onValueChange={(value) => form.setArtists(artists.map((current, at) => (at === index ? value : current)))}
              autoComplete="off"
              error={form.errors[key]}
              inputRef={(element) => {
                inputs.current[index] = element;
                register(element);
              }}
            />
            <IconButton
              label={`Remove artist ${index + 1}`}
              className={styles.remove}
              onClick={() => {
                focusAt.current = Math.min(index, artists.length - 2);
                form.setArtists(artists.filter((_, at) => at !== index));
              }}
            >
              <MinusCircleIcon />
            </IconButton>
          </div>
        );
      })}
      <Button
        data-add-artist
        variant="secondary"
        size="small"
        className={styles.add}
        disabled={full}
        onClick={() => {
          focusAt.current = artists.length;
          form.setArtists([...artists, '']);
        }}
      >
        <PlusIcon className={styles.addIcon} />
        Add artist
      </Button>
    </fieldset>
  );
}

/**
 * The tag fields of the update screen and of a selection's dialog: Artists, then the album artist (one song on an
 * album), Genre and Year. `mixed` names the fields a selection's songs differ on.
 */
export function SongTagFields({ form, mixed = new Set() }: { form: TagForm; mixed?: ReadonlySet<SharedField> }) {
  const offered = new Set(form.fields);
  const text = (field: 'album_artist' | 'genre' | 'year', label: string, extra: { inputMode?: 'numeric'; placeholder?: string } = {}) => (
    <TextField
      label={label}
      value={form.values[field]}
      onValueChange={(value) => form.setText(field, value)}
      autoComplete="off"
      error={form.errors[field]}
      inputRef={form.register(field)}
      disabled={form.pending}
      placeholder={field !== 'album_artist' && mixed.has(field) ? KEEP_EACH : undefined}
      {...extra}
    />
  );
  return (
    <>
      {offered.has('artists') && <ArtistsField form={form} mixed={mixed.has('artists')} />}
      {offered.has('album_artist') && text('album_artist', 'Album artist')}
      {offered.has('genre') && text('genre', 'Genre')}
      {offered.has('year') && text('year', 'Year', { inputMode: 'numeric' })}
    </>
  );
}
