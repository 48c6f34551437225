import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';

const ImportPage = lazyNamed(() => import('./ImportPage'), 'ImportPage');

/** The business-data import screen. */
export const importRoutes: readonly FeatureRoute[] = [{ path: '/import', element: <ImportPage /> }];
