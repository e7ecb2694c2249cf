import type { ButtonHTMLAttributes, ComponentProps, ReactNode } from 'react';
import { PauseIcon, PlayIcon } from './icons';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'normal' | 'small';
}

export function buttonClassName(variant: Variant = 'primary', size: 'normal' | 'small' = 'normal'): string {
  return [styles.button, styles[variant], size === 'small' && styles.small].filter(Boolean).join(' ');
}

export function Button({ variant = 'primary', size = 'normal', className, type = 'button', ...props }: ButtonProps) {
  return <button {...props} type={type} className={[buttonClassName(variant, size), className].filter(Boolean).join(' ')} />;
}

/** With `ref` (React 19 passes it as a prop): a drag handle's activator needs the element. */
interface IconButtonProps extends ComponentProps<'button'> {
  /** The accessible name: icon buttons have no visible text. */
  label: string;
  children: ReactNode;
  size?: 'normal' | 'small';
  active?: boolean;
}

export function IconButton({ label, children, size = 'normal', active, className, type = 'button', ...props }: IconButtonProps) {
  const classes = [styles.icon, size === 'small' && styles.iconSmall, active && styles.active, className].filter(Boolean).join(' ');
  return (
    <button {...props} type={type} className={classes} aria-label={label} title={label}>
      {children}
    </button>
  );
}

interface PlayButtonProps {
  /** What plays, for the accessible name: "Play All Songs" / "Pause All Songs". */
  name: string;
  playing: boolean;
  onClick: () => void;
  disabled?: boolean;
}

/** The big green play/pause of a list or a song. */
export function PlayButton({ name, playing, onClick, disabled }: PlayButtonProps) {
  return (
    <button type="button" className={styles.play} onClick={onClick} disabled={disabled} aria-label={`${playing ? 'Pause' : 'Play'} ${name}`}>
      {playing ? <PauseIcon /> : <PlayIcon />}
    </button>
  );
}
