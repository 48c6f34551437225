import type { RouteObject } from 'react-router';
import { lazyNamed } from '../../ui/lazyNamed';

// Loaded on demand, like the other public pages: a signed-in user's first load needs none of them.
const SharedLandingPage = lazyNamed(() => import('./SharedLandingPage'), 'SharedLandingPage');
const SharedStockPage = lazyNamed(() => import('./SharedStockPage'), 'SharedStockPage');
const SharedEndedPage = lazyNamed(() => import('./SharedEndedPage'), 'SharedEndedPage');

/** The pages a shared link opens, outside sign-in. */
export const sharedPublicRoutes: RouteObject[] = [
  { path: 'shared', element: <SharedLandingPage /> },
  { path: 'shared/wms-inventory', element: <SharedStockPage view="inventory" /> },
  { path: 'shared/wms-stock', element: <SharedStockPage view="productStock" /> },
  { path: 'shared/*', element: <SharedEndedPage end="sharedLinkNotFound" /> },
];
