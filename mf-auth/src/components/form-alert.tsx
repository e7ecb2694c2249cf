import styles from './form.module.css';

/** A failure no input explains (5xx, rate limit); announced at once as it is not tied to a field. */
export function FormAlert({ message }: { message?: string }) {
  return (
    <div role="alert">
      {message && <p className={styles.alert}>{message}</p>}
    </div>
  );
}
