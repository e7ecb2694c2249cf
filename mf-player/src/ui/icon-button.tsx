import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './icon-button.module.css';

interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'children'> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  icon: ReactNode;
  /** A toggle (shuffle, loop, repeat): announced as pressed, drawn in the accent colour with a dot. */
  pressed?: boolean;
  /** Drawn like a pressed toggle without being announced as one (a disclosure says aria-expanded instead). */
  active?: boolean;
}

export function IconButton({ label, icon, pressed, active, className, type = 'button', ...props }: IconButtonProps) {
  return (
    <button
      {...props}
      type={type}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      className={[styles.button, (pressed || active) && styles.pressed, className].filter(Boolean).join(' ')}
    >
      {icon}
    </button>
  );
}
