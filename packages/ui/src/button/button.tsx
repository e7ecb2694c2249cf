import type { ButtonHTMLAttributes, ComponentProps, ReactNode } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';
export type ButtonSize = 'normal' | 'small';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** The button's look for another element (a router link that reads as a button). */
export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'normal'): string {
  return [styles.button, styles[variant], size === 'small' && styles.small].filter(Boolean).join(' ');
}

/** A pill button; `type="button"` unless told, so it never submits a form by accident. */
export function Button({ variant = 'primary', size = 'normal', className, type = 'button', ...props }: ButtonProps) {
  return <button {...props} type={type} className={[buttonClassName(variant, size), className].filter(Boolean).join(' ')} />;
}

/** With `ref` (React 19 passes it as a prop): a drag handle's activator needs the element. */
interface IconButtonProps extends ComponentProps<'button'> {
  /** The accessible name (and tooltip): icon buttons have no visible text. */
  label: string;
  children: ReactNode;
  size?: ButtonSize;
  /** On, for toggles (a liked heart); pair it with aria-pressed where the button toggles. */
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

/** The icon button's look for another element (a menu trigger rendered by a primitive). */
export function iconButtonClassName(size: ButtonSize = 'normal'): string {
  return [styles.icon, size === 'small' && styles.iconSmall].filter(Boolean).join(' ');
}
