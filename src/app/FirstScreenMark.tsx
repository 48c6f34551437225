import { type ReactNode, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { markFirstScreen } from '../state/firstScreen';
import { PageFallback } from '../ui/lazyNamed';

/**
 * Rendered after the page's screen inside its Suspense boundary: it commits once the screen has, and work waiting
 * for the first screen (afterFirstScreen: the service worker, the live connection, the header's menus) starts then.
 */
export const FirstScreenMark = (): null => {
  useEffect(markFirstScreen, []);
  return null;
};

/** The layout of the public pages (sign-in, shared links, …): the page, then the first-screen mark. */
export const PublicPages = (): ReactNode => (
  <Suspense fallback={<PageFallback />}>
    <Outlet />
    <FirstScreenMark />
  </Suspense>
);
