import { screen } from '@testing-library/react';

/**
 * The message shown under an input, read exactly (no whitespace trimming: the
 * spec's texts end in a space). Found through aria-describedby, which also
 * proves it is announced with that input and not with another one.
 */
export function errorUnder(label: string): string | null {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  if (!id) return null;
  return document.getElementById(id)?.textContent ?? null;
}

/** The form-level alert's text (5xx and other refusals that belong to no field). */
export function alertText(): string {
  return screen.getByRole('alert').textContent ?? '';
}

/** Types each value into the input labelled with its key, in order, as a user fills a form in. */
export async function fillIn(user: { type(element: Element, text: string): Promise<void> }, values: Record<string, string>): Promise<void> {
  for (const [label, text] of Object.entries(values)) await user.type(screen.getByLabelText(label), text);
}
