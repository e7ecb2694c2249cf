import { memo, useState } from 'react';
import { Link } from 'react-router';
import { AUDIO_FORMAT_INFO } from '@tunafy/contracts';
import { Button } from '@tunafy/ui';
import { Cover } from '../../components/cover';
import { formatDuration } from '../../lib/format';
import { useObjectUrl } from '../../lib/use-object-url';
import { EDIT_FIELDS, rowErrors, type EditField, type ReviewRow } from './review';
import styles from './uploads.module.css';

const LABELS: Record<EditField, string> = { title: 'Title', album: 'Album', track: 'Track', disc: 'Disc', year: 'Year', genre: 'Genre' };

/** Thousands of files are reviewed a page at a time: the DOM holds at most this many rows of inputs. */
export const REVIEW_PAGE_SIZE = 50;

interface ReviewTableProps {
  rows: readonly ReviewRow[];
  onEdit: (id: string, field: EditField, value: string) => void;
}

/** The files before anything is stored: what the server will make of each, editable, with its problems. */
export function ReviewTable({ rows, onEdit }: ReviewTableProps) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / REVIEW_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * REVIEW_PAGE_SIZE, (current + 1) * REVIEW_PAGE_SIZE);
  return (
    <div className={styles.review}>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>Files to upload</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Cover</th>
              {EDIT_FIELDS.map((field) => (
                <th key={field} scope="col">
                  {LABELS[field]}
                </th>
              ))}
              <th scope="col">Length</th>
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <ReviewTableRow key={row.id} row={row} onEdit={onEdit} />
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Files pages">
          <Button variant="secondary" size="small" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous files
          </Button>
          <span aria-live="polite">
            Files {current * REVIEW_PAGE_SIZE + 1}–{Math.min(rows.length, (current + 1) * REVIEW_PAGE_SIZE)} of {rows.length}
          </span>
          <Button variant="secondary" size="small" disabled={current === pages - 1} onClick={() => setPage(current + 1)}>
            Next files
          </Button>
        </nav>
      )}
    </div>
  );
}

/** Memoized: an edit or a finished read re-renders its own row only (rows are replaced, never mutated). */
const ReviewTableRow = memo(function ReviewTableRow({ row, onEdit }: { row: ReviewRow; onEdit: ReviewTableProps['onEdit'] }) {
  const errors = rowErrors(row.values);
  const name = row.file.name;
  return (
    <tr className={row.problems.length ? styles.problemRow : undefined} aria-busy={!row.read || undefined}>
      <th scope="row" className={styles.fileName}>
        <span title={row.path}>{name}</span>
        {row.format && <span className={styles.format}>{AUDIO_FORMAT_INFO[row.format].label}</span>}
      </th>
      <td>
        <CoverCell row={row} />
      </td>
      {EDIT_FIELDS.map((field) => {
        const errorId = `${row.id}-${field}-error`;
        return (
          <td key={field}>
            <input
              className={`${styles.cellInput} ${styles[field] ?? ''}`}
              aria-label={`${LABELS[field]} of ${name}`}
              value={row.values[field]}
              inputMode={field === 'track' || field === 'disc' || field === 'year' ? 'numeric' : undefined}
              onChange={(event) => onEdit(row.id, field, event.target.value)}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? errorId : undefined}
            />
            {errors[field] && (
              <p id={errorId} className={styles.cellError}>
                {errors[field]}
              </p>
            )}
          </td>
        );
      })}
      <td>{row.duration !== null ? formatDuration(row.duration) : row.read ? '–' : 'Reading…'}</td>
      <td>
        {row.problems.length === 0 ? (
          row.read ? (
            <span className={styles.ok}>Ready</span>
          ) : null
        ) : (
          <ul className={styles.problems}>
            {row.problems.map((problem) => (
              <li key={problem.kind}>
                {problem.message}
                {problem.kind === 'duplicate' && (
                  <>
                    {' '}
                    <Link to={`/songs/${problem.songId}`}>Open it</Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
});

function CoverCell({ row }: { row: ReviewRow }) {
  const blob = row.cover.kind === 'embedded' ? row.cover.picture : row.cover.kind === 'sidecar' ? row.cover.file : null;
  const url = useObjectUrl(blob);
  if (row.cover.kind === 'generated') return <span className={styles.generated}>Generated</span>;
  const from = row.cover.kind === 'embedded' ? 'From the file' : row.cover.file.name;
  return (
    <span className={styles.coverCell}>
      <Cover src={url} size={40} alt={`Cover of ${row.file.name}`} />
      <span className={styles.coverSource}>{from}</span>
    </span>
  );
}
