import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { iconButtonClassName, preloadDialog } from '@tunafy/ui';
import { MoreIcon } from './icons';
import styles from './action-menu.module.css';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

interface ActionMenuProps {
  /** The button's accessible name, e.g. "More options for Blue Hour". */
  label: string;
  actions: MenuAction[];
  align?: 'start' | 'end';
  /** Where the menu opens: below the button, or above it (near the end of a list that clips what hangs past it). */
  placement?: 'below' | 'above';
  icon?: ReactNode;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it on
 * the first item, arrows, Home and End move, Escape and Tab close it, and focus
 * returns to the button.
 */
export function ActionMenu({ label, actions, align = 'start', placement = 'below', icon }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const wrapper = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);

  useEffect(() => {
    if (!open) return;
    items.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (wrapper.current && event.target instanceof Node && !wrapper.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
    // Most menu actions open a dialog: its behaviour's chunk loads while the user picks one.
    void preloadDialog();
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : actions.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = actions.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex >= last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex <= 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  if (actions.length === 0) return null;
  return (
    <div className={styles.wrapper} ref={wrapper}>
      <button
        ref={button}
        type="button"
        className={iconButtonClassName()}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {icon ?? <MoreIcon />}
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={label}
          className={[styles.menu, align === 'end' ? styles.alignEnd : '', placement === 'above' ? styles.above : ''].filter(Boolean).join(' ')}
          onKeyDown={onMenuKeyDown}
        >
          {actions.map((action, index) => (
            <li key={action.label} role="none">
              <button
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === focusIndex ? 0 : -1}
                className={action.danger ? `${styles.item} ${styles.danger}` : styles.item}
                onClick={() => {
                  close(true);
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
