import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & {
  /** Width and height (px, or any CSS length); 1em by default, so an icon follows its control's font size. */
  size?: number | string;
};

/**
 * Tunafy's one icon set draws through this: inline SVG (no icon font or extra request, the path inherits the text
 * colour), one module per icon. Decorative: the control an icon sits in carries the accessible name. Paths are on a
 * 24-unit grid unless an icon says otherwise.
 */
export function Icon({ size = '1em', viewBox = '0 0 24 24', children, ...props }: IconProps) {
  return (
    <svg viewBox={viewBox} width={size} height={size} fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

/** An icon drawn by one path: each icon module is this call and its path, so the JSX and the spread are here only once. */
export function pathIcon(path: string, viewBox?: string) {
  return function PathIcon(props: IconProps) {
    return (
      <Icon viewBox={viewBox} {...props}>
        <path d={path} />
      </Icon>
    );
  };
}
