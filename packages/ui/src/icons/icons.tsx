import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** Decorative icons the UI parts draw themselves; the accessible name is always on the control. */
function Icon(props: IconProps) {
  return <svg viewBox="0 0 16 16" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false" {...props} />;
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M2.47 2.47a.75.75 0 0 1 1.06 0L8 6.94l4.47-4.47a.75.75 0 1 1 1.06 1.06L9.06 8l4.47 4.47a.75.75 0 1 1-1.06 1.06L8 9.06l-4.47 4.47a.75.75 0 0 1-1.06-1.06L6.94 8 2.47 3.53a.75.75 0 0 1 0-1.06Z" />
    </Icon>
  );
}

export function ErrorIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-.75 3.5h1.5v5h-1.5v-5Zm0 6.25h1.5v1.5h-1.5v-1.5Z" />
    </Icon>
  );
}

export function NoteIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 24 24" {...props}>
      <path d="M9 3v11.55A4 4 0 1 0 11 18V7h8V3H9z" />
    </Icon>
  );
}

/** "Download" (offline listening, docs/offline.md): an arrow into a tray. */
export function DownloadIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 24 24" {...props}>
      <path d="M11 3h2v9.17l3.59-3.58L18 10l-6 6-6-6 1.41-1.41L11 12.17V3zM4 18h16v2H4v-2z" />
    </Icon>
  );
}

/** Downloaded: the arrow in a filled circle, the mark of an item stored for offline listening. */
export function DownloadedIcon(props: IconProps) {
  return (
    <Icon viewBox="0 0 24 24" {...props}>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1 5h2v5.59l2.3-2.3 1.4 1.42L12 16.4l-4.7-4.7 1.4-1.42 2.3 2.3V7z" />
    </Icon>
  );
}
