import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { validate } from '@tunafy/contracts';
import { FileField, Form, FormActions, FormAlert, SubmitButton, TextField, buttonClassName } from '@tunafy/ui';
import { COVER_ACCEPT } from '../lib/files';
import type { FieldValue, FormErrors, LibraryForm } from '../lib/form';
import { CoverPicker } from './cover-picker';
import { UploadProgress } from './form-layout';

// The parts every create/update form of the library is made of (songs, albums, playlists): each form then states
// only its fields, and the frame, the inputs' wiring to useLibraryForm and the checks' bookkeeping live here once.

type Values = Record<string, FieldValue>;
/** The fields of `V` that hold a `T` (a name field takes only text fields, a file input only file fields). */
type FieldOf<V extends Values, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

/** A form's check as one table, field to message (or nothing): the fields without a message are left out. */
export function checkFields<Field extends string>(found: Partial<Record<Field, string | null | undefined>>): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  for (const [field, message] of Object.entries(found) as [Field, string | null | undefined][]) if (message) errors[field] = message;
  return errors;
}

/** The contracts schema's messages for the given values, by field (none when they pass). */
export function schemaErrors(schema: Parameters<typeof validate>[0], input: unknown): Partial<Record<string, string>> {
  const result = validate(schema, input);
  return result.ok ? {} : result.errors;
}

/** What every input takes from the form: its message, its element (focused on a refused submit) and the pending state. */
export function bindField<V extends Values>(form: LibraryForm<V>, field: keyof V & string) {
  return { error: form.errors[field], inputRef: form.register(field), disabled: form.pending };
}

/** Sets a field from an input whose value has the field's type (the mapped FieldOf types lose that link). */
function setter<V extends Values, T>(form: LibraryForm<V>, field: FieldOf<V, T>) {
  return (value: T) => form.setValue(field, value as V[typeof field]);
}

interface FrameProps<V extends Values> {
  form: LibraryForm<V>;
  submitLabel: string;
  /** Whether the request carries a file, so that its upload's progress shows (an update may send none). */
  uploading?: boolean;
  /** Where Cancel leads (update forms); no Cancel without it. */
  cancelTo?: string;
  children: ReactNode;
}

/** The form around the fields: the form-level alert first, the upload's progress and the actions last. */
export function LibraryFormFrame<V extends Values>({ form, submitLabel, uploading = true, cancelTo, children }: FrameProps<V>) {
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-busy={form.pending || undefined}>
      <FormAlert message={form.formError} />
      {children}
      <UploadProgress progress={uploading ? form.progress : null} />
      <FormActions>
        <SubmitButton label={submitLabel} pending={form.pending} blocked={form.blocked} />
        {cancelTo && (
          <Link to={cancelTo} className={buttonClassName('secondary')}>
            Cancel
          </Link>
        )}
      </FormActions>
    </Form>
  );
}

/** The name input (song, album or playlist): a plain text field the browser does not autofill. */
export function NameField<V extends Values>({ form, field, label }: { form: LibraryForm<V>; field: FieldOf<V, string>; label: string }) {
  return <TextField label={label} value={form.values[field] as string} onValueChange={setter(form, field)} autoComplete="off" {...bindField(form, field)} />;
}

interface FileInputProps<V extends Values> {
  form: LibraryForm<V>;
  field: FieldOf<V, File | null>;
  label: string;
  hint: ReactNode;
  accept: string;
  /** Runs after the field is set (the song file fills an empty name from its tags). */
  onFile?: (file: File | null) => void;
}

export function FileInput<V extends Values>({ form, field, label, hint, accept, onFile }: FileInputProps<V>) {
  const set = setter(form, field);
  return (
    <FileField
      label={label}
      hint={hint}
      accept={accept}
      onFile={(file) => {
        set(file);
        onFile?.(file);
      }}
      {...bindField(form, field)}
    />
  );
}

/** A new item's cover, a file input with the formats' hint (SPEC §5); a playlist's is optional. */
export function NewCoverInput<V extends Values>({ form, field, optional = false }: { form: LibraryForm<V>; field: FieldOf<V, File | null>; optional?: boolean }) {
  const formats = '.jpeg, .jpg, .png, .pdf or .gif file, up to 10 MB.';
  return <FileInput form={form} field={field} label="Cover photo" hint={optional ? `Optional: a ${formats}` : `A ${formats}`} accept={COVER_ACCEPT} />;
}

interface CoverChangeProps<V extends Values> {
  form: LibraryForm<V>;
  field: FieldOf<V, File | null>;
  kind: 'song' | 'album';
  currentUrl: string | null;
  accept: string;
}

/** An update form's cover: the stored one, replaced by clicking it (see CoverPicker). */
export function CoverChange<V extends Values>({ form, field, kind, currentUrl, accept }: CoverChangeProps<V>) {
  return <CoverPicker kind={kind} currentUrl={currentUrl} file={form.values[field] as File | null} onFile={setter(form, field)} accept={accept} {...bindField(form, field)} />;
}
