import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';
import { pendingPath } from './syncPaths';

const PendingMutationsPage = lazyNamed(() => import('./PendingMutationsPage'), 'PendingMutationsPage');

/** Screens of the sync feature: the pending-work inspector (the chip links to it). */
export const syncRoutes: readonly FeatureRoute[] = [{ path: pendingPath, element: <PendingMutationsPage /> }];
