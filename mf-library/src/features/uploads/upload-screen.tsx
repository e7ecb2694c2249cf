import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { getEventBus } from '@tunafy/event-bus';
import { IMPORT_AUDIO_EXTENSIONS } from '@tunafy/contracts';
import { Button, EmptyState, FileButton } from '@tunafy/ui';
import { pickedFromDrop, pickedFromEntries, pickedFromInput } from './pick-files';
import type { readAudio } from '../../lib/read-audio';
import { editsOf, isUploadable, type ReviewRow } from './review';
import { ReviewTable } from './review-table';
import { UploadList } from './upload-list';
import { getUploadQueue, useUploadQueue, type UploadQueue } from './upload-queue';
import { useReview, type Review, type ReviewStore } from './use-review';
import styles from './uploads.module.css';

/** Audio by extension plus the pictures that can sit beside it; the bytes decide what each file is. */
const FILES_ACCEPT = [...IMPORT_AUDIO_EXTENSIONS.map((extension) => `.${extension}`), '.jpg', '.jpeg', '.png', 'audio/*'].join(',');
// React does not know the folder picker's attribute; Chrome, Firefox and Safari all take this spelling.
const FOLDER_PICKER = { webkitdirectory: '', directory: '' } as Record<string, string>;

/** Drop or pick files, review what will be stored, then hand the batch to the page's upload queue. */
export function UploadScreen({ queue = getUploadQueue(), read, review: store }: { queue?: UploadQueue; read?: typeof readAudio; review?: ReviewStore }) {
  const review = useReview(store ?? read);
  const [dragging, setDragging] = useState(false);
  const { jobs } = useUploadQueue(queue);
  const progressHeading = useRef<HTMLHeadingElement>(null);
  const ready = useMemo(() => review.rows.filter(isUploadable), [review.rows]);
  const withProblems = useMemo(() => review.rows.filter((row) => row.read && row.problems.length > 0).length, [review.rows]);

  // Files dropped elsewhere on the app: the shell opened this screen and hands them over (held until we listen).
  const { add } = review;
  useEffect(() => {
    const subscription = getEventBus()
      .on('library:files-dropped')
      .subscribe(({ entries, files }) => void pickedFromEntries(entries, files).then(add));
    return () => subscription.unsubscribe();
  }, [add]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void pickedFromDrop(event.dataTransfer).then(review.add);
  };

  const confirm = () => {
    queue.add(ready.map((row) => ({ id: row.id, request: { file: row.file, cover: sidecarOf(row), lyrics: row.lyrics, edits: editsOf(row) } })));
    review.clear();
    // The review table goes away: focus follows to the progress it turned into.
    requestAnimationFrame(() => progressHeading.current?.focus());
  };

  return (
    <div className={styles.screen}>
      <div
        className={dragging ? `${styles.dropZone} ${styles.dragging}` : styles.dropZone}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className={styles.dropText}>Drop music files or a whole folder here, or choose them.</p>
        <p className={styles.hint}>MP3, FLAC, AAC or ALAC (.m4a), Ogg Vorbis, Opus and WAV. Tags, track numbers and embedded art are read from the files; a cover.jpg or folder.jpg beside them is used for files without art, and an .lrc of the same name brings its lyrics.</p>
        <div className={styles.pickers}>
          <FileButton multiple accept={FILES_ACCEPT} onChange={(event) => pickAndReset(event.currentTarget, review)}>
            Choose files
          </FileButton>
          <FileButton multiple {...FOLDER_PICKER} onChange={(event) => pickAndReset(event.currentTarget, review)}>
            Choose a folder
          </FileButton>
        </div>
      </div>

      {review.rows.length > 0 && (
        <section className={styles.section} aria-labelledby="upload-review-title">
          <h2 id="upload-review-title" className={styles.sectionTitle}>
            Review
          </h2>
          <p className={styles.summary} aria-live="polite">
            {review.rows.length} {review.rows.length === 1 ? 'file' : 'files'}: {ready.length} ready
            {withProblems > 0 && `, ${withProblems} with problems (not uploaded)`}
            {review.reading > 0 && `, reading ${review.reading}…`}
          </p>
          <ReviewTable rows={review.rows} onEdit={review.edit} />
          <div className={styles.actions}>
            <Button onClick={confirm} disabled={ready.length === 0 || review.reading > 0}>
              {`Upload ${ready.length} ${ready.length === 1 ? 'file' : 'files'}`}
            </Button>
            <Button variant="secondary" onClick={review.clear}>
              Clear
            </Button>
          </div>
        </section>
      )}

      <UploadList queue={queue} headingRef={progressHeading} />

      {review.rows.length === 0 && jobs.length === 0 && (
        <EmptyState level={2} title="Nothing chosen yet" text="Your files are only sent once you have reviewed them and chosen Upload." />
      )}
    </div>
  );
}

function pickAndReset(input: HTMLInputElement, review: Review) {
  review.add(pickedFromInput(input.files));
  // Choosing the same folder again must fire change again.
  input.value = '';
}

/** The picture beside the file goes along only when the file has none of its own (the server would ignore it). */
function sidecarOf(row: ReviewRow): File | null {
  return row.cover.kind === 'sidecar' ? row.cover.file : null;
}
