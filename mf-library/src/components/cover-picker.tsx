import { useId, useRef, type Ref } from 'react';
import { UploadIcon, visuallyHiddenClassName } from '@tunafy/ui';
import { useObjectUrl } from '../lib/use-object-url';
import { Cover } from './cover';
import styles from './cover-picker.module.css';

interface CoverPickerProps {
  /** The cover as stored. */
  currentUrl: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  accept: string;
  error?: string;
  kind: 'song' | 'album';
  inputRef?: Ref<HTMLButtonElement>;
  disabled?: boolean;
}

/**
 * The cover, replaced by clicking it (SPEC §2 Update album): the thumbnail is a
 * button that opens the file chooser, and shows the chosen file at once from a
 * local object URL, before anything is uploaded.
 */
export function CoverPicker({ currentUrl, file, onFile, accept, error, kind, inputRef, disabled }: CoverPickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  return (
    <div className={styles.picker}>
      <button
        ref={inputRef}
        type="button"
        className={styles.thumb}
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
      >
        <Cover src={preview ?? currentUrl} size={160} kind={kind} priority="eager" alt="" />
        <span className={styles.overlay} aria-hidden="true">
          <UploadIcon />
          Choose photo
        </span>
        <span className={visuallyHiddenClassName}>Change cover photo</span>
      </button>
      <div className={styles.text}>
        <label className={styles.label} htmlFor={id}>
          Cover photo
        </label>
        <p className={styles.hint} id={`${id}-hint`}>
          {file ? `New cover: ${file.name}` : 'Click the cover to replace it (optional).'}
        </p>
        {error && (
          <p className={styles.error} id={`${id}-error`}>
            {error}
          </p>
        )}
        {/* Reached through the thumbnail; kept out of the tab order so keyboard users meet one control, not two. */}
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          className={visuallyHiddenClassName}
          tabIndex={-1}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      </div>
    </div>
  );
}
