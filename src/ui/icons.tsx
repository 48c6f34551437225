import type { ReactNode } from 'react';

/** Outline icon paths (24×24, stroke), drawn for Aisle; no icon library needed. */
const paths = {
  home: 'M3 11l9-8 9 8M5 9.5V20h5v-6h4v6h5V9.5',
  administration: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  business: 'M4 21V4h10v17M14 9h6v12M2 21h20M8 8h2M8 12h2M8 16h2M17 13h0.01M17 17h0.01',
  assortment: 'M3 7l9-4 9 4-9 4zM3 7v10l9 4 9-4V7M12 11v10',
  infrastructure: 'M4 3v18M20 3v18M4 8h16M4 14h16M4 20h16M8 5h3M13 11h3M8 17h3',
  logistics: 'M9 3h6v3H9zM7 4.5H5V21h14V4.5h-2M8.5 11h7M8.5 15h7M8.5 18h4',
  terminal: 'M4 6v12M7 6v12M10 6v12M14 6v12M16 6v12M20 6v12',
  portal: 'M3 4h2.5l2.2 11h10.8l2-8H6.3M9 20a1 1 0 1 0 0.01 0M17 20a1 1 0 1 0 0.01 0',
  shipping: 'M2 6h11v10H2zM13 10h4.5l3.5 3.5V16h-8M6 19.5a1.5 1.5 0 1 0 0.01 0M17 19.5a1.5 1.5 0 1 0 0.01 0',
  other: 'M5 12h0.01M12 12h0.01M19 12h0.01M4 5h16v14H4z',
  item: 'M9 6l6 6-6 6',
  sun: 'M12 8a4 4 0 1 0 0.01 0M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  fullscreen: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  exitFullscreen: 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  compact: 'M4 6h16M4 10h16M4 14h16M4 18h16',
  comfortable: 'M4 5h16M4 12h16M4 19h16',
  simplified: 'M9 6h11M9 12h11M9 18h11M4.5 6h0.01M4.5 12h0.01M4.5 18h0.01',
  sections: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  language:
    'M12 3a9 9 0 1 0 0.01 0M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9M12 3c-2.5 2.5-3.8 5.5-3.8 9s1.3 6.5 3.8 9',
  signOut: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
  check: 'M5 12l5 5L20 7',
  chevron: 'M9 6l6 6-6 6',
  account: 'M3 7h18v12H3zM3 11h18M7 15h4',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  basket: 'M3 9h18l-2 11H5zM8 9l4-6 4 6',
} as const;

export type IconName = keyof typeof paths;

export interface AppIconProps {
  readonly name: IconName;
  readonly size?: number;
}

/** A decorative outline icon (hidden from assistive technology; give the control an aria-label). */
export const AppIcon = ({ name, size = 18 }: AppIconProps): ReactNode => (
  <svg
    viewBox="0 0 24 24"
    width={size}
    height={size}
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={paths[name]} />
  </svg>
);

/** The icon of a menu section (a generic one for sections without their own). */
export const sectionIcon = (key: string): IconName => (key in paths ? (key as IconName) : 'item');
