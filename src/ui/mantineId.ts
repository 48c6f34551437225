import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (an element's id linking a label, a description or an error to its input) from React's own id,
 * which is unique in the app's one React root. Mantine's version renders with that id, then swaps in a random one
 * from a layout effect: a second, synchronous render of each component using it (the shell, the header, every
 * input) before the first paint, which also runs every effect of the first commit ahead of the paint. The build
 * puts this module in its place (scripts/mantineIdPlugin.ts).
 */
export const useId = (staticId?: string): string => {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
};
