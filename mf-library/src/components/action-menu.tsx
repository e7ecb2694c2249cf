import type { ReactNode } from 'react';
import { Menu, MoreIcon, iconButtonClassName, preloadDialog, type MenuItem } from '@tunafy/ui';

/** One item of a row's or a page's "more" menu. */
export type MenuAction = MenuItem;

interface ActionMenuProps {
  /** The button's accessible name, e.g. "More options for Blue Hour". */
  label: string;
  actions: MenuAction[];
  align?: 'start' | 'end';
  /** Where the menu opens: below the button, or above it (near the end of a list); it flips when there is no room. */
  placement?: 'below' | 'above';
  icon?: ReactNode;
}

/**
 * The library's "more" menu button: @tunafy/ui's Menu (keyboard, focus and typeahead are its) with the
 * round icon button as trigger, named after what it acts on.
 */
export function ActionMenu({ label, actions, align = 'start', placement = 'below', icon }: ActionMenuProps) {
  return (
    <Menu
      label={label}
      title={label}
      items={actions}
      align={align}
      side={placement === 'above' ? 'top' : 'bottom'}
      triggerClassName={iconButtonClassName()}
      // Most items open a dialog: its behaviour's chunk loads while the user picks one.
      onOpen={() => void preloadDialog()}
    >
      {icon ?? <MoreIcon />}
    </Menu>
  );
}
