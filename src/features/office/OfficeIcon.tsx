import type { ReactNode } from 'react';

/** Outline icons of the office features (24×24, stroke), drawn like the shell's. */
const paths = {
  chat: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  attach:
    'M20 11.5l-8.2 8.2a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8',
  history: 'M3 12a9 9 0 1 0 3-6.7M3 4v5h5M12 7v5l3 3',
  star: 'M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4l-5.5 2.9 1-6.2L3 9.7l6.2-.9z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  tag: 'M3 12V3h9l9 9-9 9zM7.5 7.5h0.01',
} as const;

export type OfficeIconName = keyof typeof paths;

/** A decorative icon (hidden from assistive technology; give the control an aria-label). */
export const OfficeIcon = ({
  name,
  size = 18,
}: {
  readonly name: OfficeIconName;
  readonly size?: number;
}): ReactNode => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={paths[name]} />
  </svg>
);
