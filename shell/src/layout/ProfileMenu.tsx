import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SessionUser } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { useLogout } from '../session/session';
import { UserCircleIcon } from './icons';
import styles from './ProfileMenu.module.css';

interface MenuAction {
  label: string;
  run: () => void;
}

/** The user-circle menu button (WAI-ARIA menu pattern): Escape/Tab close, arrows move, focus returns. */
export function ProfileMenu({ user }: { user: SessionUser | null }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const logout = useLogout();
  const bus = getEventBus();

  const actions: MenuAction[] = user
    ? [{ label: 'Log Out', run: () => void logout() }]
    : [
        { label: 'Log In', run: () => bus.publish('ui:open-modal', { modal: 'login' }) },
        { label: 'Sign Up', run: () => bus.publish('ui:open-modal', { modal: 'signup' }) },
      ];

  const items = () => Array.from(popupRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popupRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(list.length - 1);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <div className={styles.wrapper}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label={user ? `Profile: ${user.username}` : 'Profile'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        <UserCircleIcon />
      </button>
      {open && (
        <div ref={popupRef} className={styles.popup} onKeyDown={onMenuKeyDown}>
          {user && (
            <div className={styles.identity}>
              <p className={styles.username}>{user.username}</p>
              <p className={styles.email}>{user.email}</p>
            </div>
          )}
          <ul id={menuId} role="menu" aria-label="Profile" className={styles.menu}>
            {actions.map((action) => (
              <li key={action.label} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={styles.item}
                  onClick={() => {
                    close(true);
                    action.run();
                  }}
                >
                  {action.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
