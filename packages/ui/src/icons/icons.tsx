import type { SVGProps } from 'react';
import { Icon, type IconProps } from './icon';

// Tunafy's one icon set, used by the shell and every remote (the playback controls' are in playback-icons.tsx).

export function CloseIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 16 16" {...props}>
      <path d="M2.47 2.47a.75.75 0 0 1 1.06 0L8 6.94l4.47-4.47a.75.75 0 1 1 1.06 1.06L9.06 8l4.47 4.47a.75.75 0 1 1-1.06 1.06L8 9.06l-4.47 4.47a.75.75 0 0 1-1.06-1.06L6.94 8 2.47 3.53a.75.75 0 0 1 0-1.06Z" />
    </Icon>
  );
}

export function ErrorIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 16 16" {...props}>
      <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-.75 3.5h1.5v5h-1.5v-5Zm0 6.25h1.5v1.5h-1.5v-1.5Z" />
    </Icon>
  );
}

export function NoteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 3v11.55A4 4 0 1 0 11 18V7h8V3H9z" />
    </Icon>
  );
}

/** "Download" (offline listening, docs/offline.md): an arrow into a tray. */
export function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M11 3h2v9.17l3.59-3.58L18 10l-6 6-6-6 1.41-1.41L11 12.17V3zM4 18h16v2H4v-2z" />
    </Icon>
  );
}

/** Downloaded: the arrow in a filled circle, the mark of an item stored for offline listening. */
export function DownloadedIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1 5h2v5.59l2.3-2.3 1.4 1.42L12 16.4l-4.7-4.7 1.4-1.42 2.3 2.3V7z" />
    </Icon>
  );
}

export const HeartIcon = ({ filled, ...props }: IconProps & { filled?: boolean }) => (
  <Icon {...props}>
    {filled ? (
      <path d="M12 21.35 10.55 20C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z" />
    ) : (
      <path d="M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3zm-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05z" />
    )}
  </Icon>
);

export const MoreIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4.5 13.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm7.5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm7.5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z" />
  </Icon>
);

export const ClockIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18.2a8.2 8.2 0 1 1 0-16.4 8.2 8.2 0 0 1 0 16.4zM12.9 6.5h-1.8v6.1l4.6 2.8.9-1.5-3.7-2.2V6.5z" />
  </Icon>
);

export const LinkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0zm-1.8 5.3-1.1 1.1a3.9 3.9 0 0 1-5.5-5.5l3.5-3.5a3.9 3.9 0 0 1 5.1-.4 1 1 0 1 1-1.2 1.6 1.9 1.9 0 0 0-2.5.2l-3.5 3.5a1.9 1.9 0 0 0 2.7 2.7l1.1-1.1a1 1 0 0 1 1.4 1.4zm6.6-4.4a3.9 3.9 0 0 1-5.1.4 1 1 0 0 1 1.2-1.6 1.9 1.9 0 0 0 2.5-.2l3.5-3.5a1.9 1.9 0 0 0-2.7-2.7l-1.1 1.1a1 1 0 0 1-1.4-1.4l1.1-1.1a3.9 3.9 0 0 1 5.5 5.5l-3.5 3.5z" />
  </Icon>
);

export const AlbumIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 14.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-5.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z" />
  </Icon>
);

export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.74 4.74-1.41 1.41-4.74-4.74A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z" />
  </Icon>
);

export const PlusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7V4z" />
  </Icon>
);

export const MinusCircleIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16zM7 11h10v2H7v-2z" />
  </Icon>
);

/** Six dots: a drag handle (reordering a playlist). */
export const GripIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 5.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zm0 6.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zm-1.5 8a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM18 5.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zM16.5 13.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm1.5 5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0z" />
  </Icon>
);

export const UploadIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M11 16V7.83l-3.59 3.58L6 10l6-6 6 6-1.41 1.41L13 7.83V16h-2zm-6 2h14v2H5v-2z" />
  </Icon>
);

export const LockIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 5a3 3 0 1 1 6 0v3H9V7zm3 6.5a1.5 1.5 0 0 1 .75 2.8V18h-1.5v-1.7A1.5 1.5 0 0 1 12 13.5z" />
  </Icon>
);

/** An artist without a picture of its own (no album cover yet). */
export const PersonIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zm0 9c4.14 0 7.5 2.46 7.5 5.5V21h-2v-1.5c0-1.72-2.3-3.5-5.5-3.5s-5.5 1.78-5.5 3.5V21h-2v-1.5C4.5 16.46 7.86 14 12 14z" />
  </Icon>
);

/** A genre: a tag. */
export const TagIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 3h8.4l9.3 9.3a1 1 0 0 1 0 1.4l-7 7a1 1 0 0 1-1.4 0L3 11.4V3zm2 2v5.6l8 8 5.6-5.6-8-8H5zm3 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z" />
  </Icon>
);

export const HomeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12.5 3.247a1 1 0 0 0-1 0L4 7.577V20h4.5v-6a1 1 0 0 1 1-1h5a1 1 0 0 1 1 1v6H20V7.577l-7.5-4.33zm-2-1.732a3 3 0 0 1 3 0l7.5 4.33a2 2 0 0 1 1 1.732V21a1 1 0 0 1-1 1h-6.5a1 1 0 0 1-1-1v-6h-3v6a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7.577a2 2 0 0 1 1-1.732l7.5-4.33z" />
  </Icon>
);

/** The list of every song (the sidebar's All Songs). */
export const SongsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 5h14v2H3zm0 6h14v2H3zm0 6h8v2H3zm15.5-6.5V18a3 3 0 1 1-2-2.83V8.5h5v2z" />
  </Icon>
);

/** Your Library: books on a shelf. */
export const LibraryIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 3h2v18H4zm5 0h2v18H9zm4.6 1.3 1.9-.7 6.2 17.1-1.9.7z" />
  </Icon>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M15.96 3.54 7.5 12l8.46 8.46-1.42 1.42L4.66 12l9.88-9.88z" />
  </Icon>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8.04 20.46 16.5 12 8.04 3.54l1.42-1.42L19.34 12l-9.88 9.88z" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6 1.41-1.41z" />
  </Icon>
);

export const ArrowUpIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 12l1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8-8 8z" />
  </Icon>
);

export const ArrowDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z" />
  </Icon>
);

/** The account: a person in a circle (the profile menu's button). */
export const UserCircleIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 14a8 8 0 0 1-6.03-2.75C7.2 15.8 9.5 15 12 15s4.8.8 6.03 2.25A8 8 0 0 1 12 20z" />
  </Icon>
);

export const KeyboardIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M20 5H4c-1.1 0-1.99.9-1.99 2L2 17c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2zm-9 3h2v2h-2V8zm0 3h2v2h-2v-2zM8 8h2v2H8V8zm0 3h2v2H8v-2zm-1 2H5v-2h2v2zm0-3H5V8h2v2zm9 7H8v-2h8v2zm0-4h-2v-2h2v2zm0-3h-2V8h2v2zm3 3h-2v-2h2v2zm0-3h-2V8h2v2z" />
  </Icon>
);

/** Settings: sliders. */
export const TuneIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 17v2h6v-2H3zM3 5v2h10V5H3zm10 16v-2h8v-2h-8v-2h-2v6h2zM7 9v2H3v2h4v2h2V9H7zm14 4v-2H11v2h10zm-6-4h2V7h4V5h-4V3h-2v6z" />
  </Icon>
);

/** The Tunafy fish: the brand's own colours, not the text's (the same mark as the installable app's icons, tools/icons). */
export const LogoMark = (props: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" {...props}>
    <circle cx="20" cy="20" r="20" fill="#1ed760" />
    <path d="M9 20c4-6 11-8 17-4l5-4v16l-5-4c-6 4-13 2-17-4Z" fill="#000" />
    <circle cx="14" cy="19" r="1.5" fill="#1ed760" />
  </svg>
);
