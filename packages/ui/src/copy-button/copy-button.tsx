import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../button/button';
import { visuallyHiddenClassName } from '../theme/theme';

interface CopyButtonProps {
  /** What goes on the clipboard. */
  text: string;
  /** The accessible name, naming what is copied ("Copy server URL"); the button itself reads "Copy". */
  label: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

type Outcome = 'copied' | 'failed' | null;

/** How long "Copied" stays on the button before it reads "Copy" again. */
const CONFIRMATION_MS = 2000;

/**
 * Puts text on the clipboard; false when the browser refused. The async Clipboard API exists only in secure contexts,
 * and a self-hosted Tunafy is often served over plain HTTP on a home network, where the old selection-and-execCommand
 * copy still works. Call it from a click (or right after one): browsers copy only on a user's gesture.
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext !== false) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (permissions, an unfocused document): try the old way.
    }
  }
  const scratch = document.createElement('textarea');
  scratch.value = text;
  scratch.setAttribute('readonly', '');
  scratch.style.position = 'fixed';
  scratch.style.opacity = '0';
  const focused = document.activeElement as HTMLElement | null;
  document.body.append(scratch);
  scratch.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  scratch.remove();
  focused?.focus();
  return copied;
}

/** A "Copy" button for a value the user types elsewhere (a server address, a secret); says "Copied" and announces it. */
export function CopyButton({ text, label, variant = 'secondary', size = 'small' }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const copied = await copyText(text);
    setOutcome(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOutcome(null), CONFIRMATION_MS);
  };
  return (
    <>
      <Button variant={variant} size={size} aria-label={label} onClick={() => void copy()}>
        {outcome === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      {/* Present before it fills, so screen readers announce the outcome. */}
      <span role="status" className={visuallyHiddenClassName}>
        {outcome === 'copied' ? 'Copied to the clipboard.' : outcome === 'failed' ? 'Could not copy: select the text and copy it yourself.' : ''}
      </span>
    </>
  );
}
