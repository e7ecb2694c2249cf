// Inline SVG icons: no icon font or extra request, and they inherit the text colour.

/** The shell's icons: paths on a 24-unit grid, drawn by one component. */
const PATHS = {
  home: 'M12.5 3.247a1 1 0 0 0-1 0L4 7.577V20h4.5v-6a1 1 0 0 1 1-1h5a1 1 0 0 1 1 1v6H20V7.577l-7.5-4.33zm-2-1.732a3 3 0 0 1 3 0l7.5 4.33a2 2 0 0 1 1 1.732V21a1 1 0 0 1-1 1h-6.5a1 1 0 0 1-1-1v-6h-3v6a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7.577a2 2 0 0 1 1-1.732l7.5-4.33z',
  songs: 'M3 5h14v2H3zm0 6h14v2H3zm0 6h8v2H3zm15.5-6.5V18a3 3 0 1 1-2-2.83V8.5h5v2z',
  heart: 'M12 21s-7.5-4.35-9.5-9.02C1.13 8.8 3.2 5 6.9 5c2.06 0 3.6 1.1 5.1 2.9C13.5 6.1 15.04 5 17.1 5c3.7 0 5.77 3.8 4.4 6.98C19.5 16.65 12 21 12 21z',
  plus: 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z',
  chevronLeft: 'M15.96 3.54 7.5 12l8.46 8.46-1.42 1.42L4.66 12l9.88-9.88z',
  chevronRight: 'M8.04 20.46 16.5 12 8.04 3.54l1.42-1.42L19.34 12l-9.88 9.88z',
  userCircle: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 14a8 8 0 0 1-6.03-2.75C7.2 15.8 9.5 15 12 15s4.8.8 6.03 2.25A8 8 0 0 1 12 20z',
  search: 'M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.74 4.74-1.41 1.41-4.74-4.74A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z',
  library: 'M4 3h2v18H4zm5 0h2v18H9zm4.6 1.3 1.9-.7 6.2 17.1-1.9.7z',
  artist: 'M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zm0 9c4.14 0 7.5 2.46 7.5 5.5V21h-2v-1.5c0-1.72-2.3-3.5-5.5-3.5s-5.5 1.78-5.5 3.5V21h-2v-1.5C4.5 16.46 7.86 14 12 14z',
} as const;

export type IconName = keyof typeof PATHS;

/** Decorative: the link or button it sits in carries the label. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The profile menu's button (ProfileMenu.tsx). */
export const UserCircleIcon = () => <Icon name="userCircle" />;

/** The Tunafy fish, the same mark the auth screens use. */
export const LogoMark = () => (
  <svg viewBox="0 0 40 40" width="32" height="32" aria-hidden="true" focusable="false">
    <circle cx="20" cy="20" r="20" fill="#1ed760" />
    <path d="M9 20c4-6 11-8 17-4l5-4v16l-5-4c-6 4-13 2-17-4Z" fill="#000" />
    <circle cx="14" cy="19" r="1.5" fill="#1ed760" />
  </svg>
);
