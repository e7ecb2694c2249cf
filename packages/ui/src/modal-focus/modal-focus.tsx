import type { ComponentPropsWithRef, RefObject } from 'react';
import { DismissableLayer } from '@radix-ui/react-dismissable-layer';
import { FocusScope } from '@radix-ui/react-focus-scope';

export interface ModalFocusProps extends ComponentPropsWithRef<'div'> {
  /** Escape pressed (and not kept by `onEscapeKeyDown`): close the modal. */
  onDismiss: () => void;
  /** The control that gets focus when the modal opens; without it, its first tabbable control. */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Sees the Escape first. `event.preventDefault()` keeps the modal open and lets the Escape go on to the
   * control it was pressed in (a panel inside that closes itself on Escape).
   */
  onEscapeKeyDown?: (event: globalThis.KeyboardEvent) => void;
}

/**
 * The focus and Escape behaviour of a modal that draws its own frame (the phone's full-screen player), from
 * Radix's own parts, the ones its Dialog is made of: focus starts on `initialFocus`, Tab and Shift+Tab wrap
 * inside and focus cannot leave (FocusScope), focus goes back to what had it before when the modal unmounts,
 * and Escape calls `onDismiss` for the topmost layer only (DismissableLayer, so a Dialog opened above it
 * closes first). A press outside does not close it: a modal that covers the page has no outside but what sits
 * above it (a toast). The Escape it closes on does not reach the page's shortcuts.
 *
 * Small enough (~3 KB gzip, shared with Dialog's chunk when both load) to sit in the page's chunk, so the
 * modal opens at once. It renders the div; roles, labels, scroll lock and looks are the caller's.
 */
export function ModalFocus({ onDismiss, initialFocus, onEscapeKeyDown, children, ...div }: ModalFocusProps) {
  return (
    <FocusScope
      asChild
      trapped
      loop
      onMountAutoFocus={(event) => {
        const target = initialFocus?.current;
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
    >
      <DismissableLayer
        {...div}
        onEscapeKeyDown={(event) => {
          onEscapeKeyDown?.(event);
          if (event.defaultPrevented) return;
          // Radix listens on the document in the capture phase: stopping here keeps it from the page's shortcuts.
          event.stopPropagation();
        }}
        onInteractOutside={(event) => event.preventDefault()}
        onDismiss={onDismiss}
      >
        {children}
      </DismissableLayer>
    </FocusScope>
  );
}
