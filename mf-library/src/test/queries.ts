import { screen } from '@testing-library/react';

/**
 * The message shown under an input, read exactly (no trimming), found through
 * aria-describedby, which proves it is announced with that very input.
 */
export function errorUnder(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  if (ids.length === 0) return null;
  return document.getElementById(ids[0]!)?.textContent ?? null;
}

export function alertText(): string {
  return screen
    .getAllByRole('alert')
    .map((element) => element.textContent ?? '')
    .join('');
}
