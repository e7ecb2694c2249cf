import { useEffect } from 'react';
import type { PlayerController } from '../playback/player-controller';

const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'image', 'file', 'color']);
/** Widgets that use the arrow keys themselves. */
const ARROW_ROLES = new Set(['slider', 'tab', 'tablist', 'menu', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'listbox', 'option', 'radio', 'radiogroup', 'grid', 'gridcell', 'tree', 'treeitem', 'spinbutton', 'scrollbar', 'combobox']);
/** Widgets that Space activates. */
const SPACE_ROLES = new Set(['button', 'checkbox', 'switch', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'option', 'radio', 'link', 'slider']);

export function isTextField(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(element.type);
}

function usesArrows(element: HTMLElement): boolean {
  return element instanceof HTMLInputElement || ARROW_ROLES.has(element.getAttribute('role') ?? '');
}

function usesSpace(element: HTMLElement): boolean {
  if (element instanceof HTMLButtonElement || element instanceof HTMLInputElement || element.tagName === 'SUMMARY') return true;
  if (element instanceof HTMLAnchorElement && element.hasAttribute('href')) return true;
  return SPACE_ROLES.has(element.getAttribute('role') ?? '');
}

/** What each arrow key does: ←/→ seek 5 s back or forward, ↑/↓ a volume step. */
const ARROWS: Record<'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown', (controller: PlayerController) => void> = {
  ArrowLeft: (controller) => controller.rewind(),
  ArrowRight: (controller) => controller.forward(),
  ArrowUp: (controller) => controller.stepVolume(1),
  ArrowDown: (controller) => controller.stepVolume(-1),
};

export interface ShortcutHandlers {
  onHelp: () => void;
  /** Our own dialog (the help overlay) may be open; other apps' modal dialogs switch the shortcuts off. */
  ownDialog?: () => Element | null;
}

/**
 * Page-wide player keys while focus is not in a text field: Space play/pause,
 * ←/→ seek 5 s, ↑/↓ volume, M mute, ? help. A focused control that uses a
 * key itself (Space on a button, arrows on a slider or tab) keeps it.
 */
export function useKeyboardShortcuts(controller: PlayerController, { onHelp, ownDialog }: ShortcutHandlers): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (isTextField(target)) return;
      const modal = target?.closest('[aria-modal="true"]') ?? document.querySelector('[aria-modal="true"]');
      if (modal && modal !== ownDialog?.()) return;
      const element = target ?? document.body;
      switch (event.key) {
        case ' ':
        case 'Spacebar':
          if (usesSpace(element)) return;
          controller.toggle();
          break;
        case 'ArrowLeft':
        case 'ArrowRight':
        case 'ArrowUp':
        case 'ArrowDown':
          if (usesArrows(element)) return;
          ARROWS[event.key](controller);
          break;
        case 'm':
        case 'M':
          if (event.shiftKey && event.key === 'm') return;
          controller.toggleMute();
          break;
        case '?':
          onHelp();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [controller, onHelp, ownDialog]);
}
