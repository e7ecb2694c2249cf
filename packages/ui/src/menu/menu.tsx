import { useState, type ReactNode } from 'react';
import { lazyChunk } from '../lazy/lazy-chunk';

export interface MenuItem {
  /** What the item says; typeahead matches it, and it is the item's accessible name. */
  label: string;
  onSelect: () => void;
  /** Drawn in the error colour: for what deletes or cannot be undone. */
  danger?: boolean;
}

export interface MenuProps {
  /** The trigger's accessible name, e.g. "More options for Blue Hour". */
  label: string;
  items: MenuItem[];
  /** The trigger's content (an icon). */
  children: ReactNode;
  /** The trigger's look (the trigger is a plain button otherwise). */
  triggerClassName?: string;
  /** The trigger's tooltip. */
  title?: string;
  /** The menu's accessible name; the trigger's label when not given. */
  menuLabel?: string;
  /** Which edge of the trigger the menu lines up with. */
  align?: 'start' | 'end';
  /** Below the trigger, or above it; either flips when there is no room. */
  side?: 'bottom' | 'top';
  /** Shown above the items and not one of them (the profile menu's who-you-are). */
  header?: ReactNode;
  /** Called when the menu opens: an intent to act on (loading what the items open). */
  onOpen?: () => void;
}

/** Where focus goes when the menu opens: its first or last item (keyboard), or the menu itself (pointer). */
export type OpenFocus = 'first' | 'last' | 'menu';

const chunk = lazyChunk(() => import('./radix-menu'));

/**
 * Loads the menu's behaviour (Radix's dropdown menu) in its own chunk, as Dialog does: a page that
 * shows menu buttons does not pay for it before one is used. Called on an intent (the pointer over a
 * trigger, a trigger focused), and in test setup so a menu opens at once. Same module every time.
 */
export function preloadMenu() {
  return chunk.preload();
}

const KEYS_THAT_OPEN: Record<string, OpenFocus> = { Enter: 'first', ' ': 'first', ArrowDown: 'first', ArrowUp: 'last' };

/**
 * A menu button (WAI-ARIA menu pattern, by Radix): Enter, Space or ArrowDown opens it on the first
 * item (ArrowUp on the last), arrows, Home and End move, typing jumps to the item that starts with
 * it, Escape closes it and returns focus to the trigger, Tab closes it and moves on.
 *
 * Until its chunk is loaded, the trigger is a stand-in with the same name and look; opening it loads
 * the chunk and opens the real menu, focus where the key or pointer asked for.
 */
export function Menu(props: MenuProps) {
  const [loaded, setLoaded] = useState(chunk.loaded);
  const [opening, setOpening] = useState<OpenFocus | null>(null);
  if (props.items.length === 0) return null;
  if (loaded) return <loaded.RadixMenu {...props} openAt={opening} />;

  const open = (focus: OpenFocus) => {
    props.onOpen?.();
    setOpening(focus);
    void preloadMenu().then(setLoaded);
  };
  return (
    <button
      type="button"
      className={props.triggerClassName}
      aria-label={props.label}
      title={props.title}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void preloadMenu()}
      onFocus={() => void preloadMenu()}
      onClick={() => open('menu')}
      onKeyDown={(event) => {
        const focus = KEYS_THAT_OPEN[event.key];
        if (!focus) return;
        event.preventDefault();
        open(focus);
      }}
    >
      {props.children}
    </button>
  );
}
