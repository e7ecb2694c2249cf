import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { SongTagsRequest } from '@tunafy/contracts';
import { toFormErrors } from '../../lib/form';
import { checkTags, tagErrorKeys, type TagField, type TagValues } from './song-tags';

export interface TagFormOptions<Result> {
  initial: TagValues;
  /** The fields offered (the album artist only for one song on an album). */
  fields: readonly TagField[];
  send: (request: SongTagsRequest) => Promise<Result>;
  onSuccess: (result: Result, request: SongTagsRequest) => void;
  /** Refuse a submit that changes nothing, with this sentence (a selection: saving nothing would read as done). */
  nothingChanged?: string;
}

export interface TagForm {
  values: TagValues;
  fields: readonly TagField[];
  /** Messages by key (`artists.0`, `genre`...): the client's after the first submit, the API's as they come. */
  errors: Record<string, string>;
  formError: string | null;
  pending: boolean;
  /** Submitting does nothing while a message is shown under a field, as in every form of the library. */
  blocked: boolean;
  setArtists: (artists: string[]) => void;
  setText: (field: Exclude<TagField, 'artists'>, value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  register: (key: string) => (element: HTMLElement | null) => void;
}

/**
 * The state of the tag fields, the update screen's and the selection's dialog's alike. It follows useLibraryForm's
 * rules (checks after the first submit, the API's field messages under their fields, focus to the first field in
 * error) but holds a list of artists, which that form's one-value-per-field state cannot.
 */
export function useTagForm<Result>({ initial, fields, send, onSuccess, nothingChanged }: TagFormOptions<Result>): TagForm {
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputs = useRef(new Map<string, HTMLElement>());

  const checked = checkTags(values, initial, fields);
  const errors = { ...serverErrors, ...(attempted && !checked.ok ? checked.errors : {}) };
  const blocked = Object.keys(errors).length > 0;

  const focusFirst = (shown: Record<string, string>) => {
    const key = tagErrorKeys(values, fields).find((candidate) => shown[candidate]);
    if (key) inputs.current.get(key)?.focus();
  };
  // The API's messages arrive while the fields are still disabled (pending): focus once they are usable again.
  const focusAfterRender = useRef<Record<string, string> | null>(null);
  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusFirst(focusAfterRender.current);
    focusAfterRender.current = null;
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setAttempted(true);
    if (!checked.ok) return focusFirst(checked.errors);
    if (blocked) return focusFirst(errors);
    if (!checked.changed && nothingChanged) return setFormError(nothingChanged);
    setFormError(null);
    setPending(true);
    const request = checked.request;
    send(request).then(
      (result) => {
        setPending(false);
        onSuccess(result, request);
      },
      (error: unknown) => {
        // A message for a field not shown (the list's own, `artists`, or `song_ids`) goes to the form's alert.
        const mapped = toFormErrors(error, tagErrorKeys(values, fields));
        setServerErrors(mapped.fields);
        setFormError(mapped.form);
        setPending(false);
        focusAfterRender.current = mapped.fields;
      },
    );
  };

  // The API judged the old value: its message goes once the field changes (any artist: the list's keys move).
  const forget = (changed: (key: string) => boolean) =>
    setServerErrors((current) => (Object.keys(current).some(changed) ? Object.fromEntries(Object.entries(current).filter(([key]) => !changed(key))) : current));

  const setArtists = (artists: string[]) => {
    setValues((current) => ({ ...current, artists }));
    forget((key) => key.startsWith('artists'));
  };
  const setText = (field: Exclude<TagField, 'artists'>, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    forget((key) => key === field);
  };

  const register = useCallback(
    (key: string) => (element: HTMLElement | null) => {
      if (element) inputs.current.set(key, element);
      else inputs.current.delete(key);
    },
    [],
  );

  return { values, fields, errors, formError, pending, blocked, setArtists, setText, onSubmit, register };
}
