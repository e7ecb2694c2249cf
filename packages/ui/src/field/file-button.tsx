import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './fields.module.css';

type FileButtonProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'children'> & {
  /** The button's text, which is also the input's label. */
  children: ReactNode;
};

/**
 * A file chooser that looks like a pill button (the upload screen's "Choose files"): the label is what shows, and the
 * browser's own input lies over it, transparent, so keyboard and screen readers reach the real control.
 */
export function FileButton({ children, ...input }: FileButtonProps) {
  return (
    <label className={styles.fileButton}>
      {children}
      <input {...input} type="file" className={styles.fileButtonInput} />
    </label>
  );
}
