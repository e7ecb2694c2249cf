import type { SVGProps } from 'react';

/** The Tunafy fish: the brand's own colours, not the text's (the same mark as the installable app's icons, tools/icons). */
export const LogoMark = (props: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" {...props}>
    <circle cx="20" cy="20" r="20" fill="#1ed760" />
    <path d="M9 20c4-6 11-8 17-4l5-4v16l-5-4c-6 4-13 2-17-4Z" fill="#000" />
    <circle cx="14" cy="19" r="1.5" fill="#1ed760" />
  </svg>
);
