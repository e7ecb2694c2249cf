import { useId, useRef, useState } from 'react';
import { LyricsIcon, QueueIcon } from '@tunafy/ui';

/**
 * The Queue button and the panel it discloses, as the bar and the full-screen player both use them: whether it is
 * open, the id that ties the button to the panel, and a close that hands focus back to the button (where the
 * keyboard user was). Spread `buttonProps` on @tunafy/ui's IconButton.
 */
export function useQueueToggle() {
  return usePanelToggle('Queue', QueueIcon);
}

/** The Lyrics button and its panel (desktop) or view (phone), the same way (docs/lyrics.md). */
export function useLyricsToggle() {
  return usePanelToggle('Lyrics', LyricsIcon);
}

function usePanelToggle(label: string, Icon: typeof QueueIcon) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const buttonProps = {
    ref: button,
    label,
    children: <Icon size={20} />,
    active: open,
    'aria-expanded': open,
    'aria-controls': open ? panelId : undefined,
    onClick: () => setOpen((wasOpen) => !wasOpen),
  };
  return { open, panelId, close, buttonProps };
}
