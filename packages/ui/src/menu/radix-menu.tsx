import { useRef, useState } from 'react';
import * as Radix from '@radix-ui/react-dropdown-menu';
import { themeClassName } from '../theme/theme';
import type { MenuProps, OpenFocus } from './menu';
import styles from './menu.module.css';

/**
 * The behaviour of @tunafy/ui's Menu (menu.tsx loads this file in its own chunk): Radix's dropdown
 * menu, non-modal like a menu button (the page stays usable; a press outside closes it and acts).
 * Rendered into document.body so no row or scroller clips it, with the theme class on its own root.
 * What is ours: `openAt` (the stand-in trigger was used before this chunk loaded), ArrowUp opening on
 * the last item, Tab moving on instead of being swallowed, and focus back on the trigger before an
 * item acts, so a dialog the item opens returns focus there.
 */
export function RadixMenu({
  label,
  items,
  children,
  triggerClassName,
  title,
  menuLabel,
  align = 'start',
  side = 'bottom',
  header,
  onOpen,
  openAt,
}: MenuProps & { openAt: OpenFocus | null }) {
  const [open, setOpen] = useState(openAt !== null);
  // Where focus goes on the next open when Radix would not put it there itself (see onOpenAutoFocus).
  const focusOnOpen = useRef<OpenFocus | null>(openAt);
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);

  const changeOpen = (next: boolean) => {
    if (next) onOpen?.();
    setOpen(next);
  };

  // Radix focuses the first item only when it saw the key itself; the stand-in's key and ArrowUp are ours. Its
  // Menu.Content takes onOpenAutoFocus (the FocusScope's mount focus) though DropdownMenu's types leave it out.
  const openAutoFocus = {
    onOpenAutoFocus: (event: Event) => {
      const focus = focusOnOpen.current;
      focusOnOpen.current = null;
      if (focus === null || focus === 'menu') return;
      event.preventDefault();
      const all = content.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
      all?.[focus === 'first' ? 0 : all.length - 1]?.focus();
    },
  } as object;

  return (
    <Radix.Root open={open} onOpenChange={changeOpen} modal={false}>
      <Radix.Trigger
        ref={trigger}
        className={triggerClassName}
        aria-label={label}
        title={title}
        onKeyDown={(event) => {
          // Radix opens on Enter, Space and ArrowDown; the menu button pattern also opens on ArrowUp, at the end.
          if (event.key !== 'ArrowUp') return;
          event.preventDefault();
          focusOnOpen.current = 'last';
          changeOpen(true);
        }}
      >
        {children}
      </Radix.Trigger>
      <Radix.Portal>
        <Radix.Content
          ref={content}
          className={`${themeClassName} ${styles.menu}`}
          // Radix names the menu after its trigger; a menu with a name of its own is named by that alone.
          {...(menuLabel ? { 'aria-label': menuLabel, 'aria-labelledby': undefined } : {})}
          align={align}
          side={side}
          sideOffset={4}
          collisionPadding={8}
          loop
          {...openAutoFocus}
          // The Escape is the menu's: a player or page shortcut behind it must not act on it too.
          onEscapeKeyDown={(event) => event.stopPropagation()}
          onKeyDown={(event) => {
            // So is a letter (typeahead): the player's M must not mute while someone types "M" to find an item.
            if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) event.stopPropagation();
          }}
        >
          {header && <div className={styles.header}>{header}</div>}
          {items.map((item) => (
            <Radix.Item
              key={item.label}
              className={item.danger ? `${styles.item} ${styles.danger}` : styles.item}
              onSelect={() => {
                // Before the item acts: a dialog it opens takes what has focus as the place to return to.
                trigger.current?.focus();
                item.onSelect();
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Tab') return;
                // Radix swallows Tab in a menu. The pattern has Tab close it and go on from the trigger: focus the trigger
                // (a focus outside the menu closes it, and Radix then leaves focus alone) and let the browser's Tab go on
                // from there; stopping the event here keeps it from Radix's handler, which would prevent it.
                event.stopPropagation();
                trigger.current?.focus();
              }}
            >
              {item.label}
            </Radix.Item>
          ))}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
