import type { FeatureRoute } from '../../ui/featureRoute';
import { PendingMutationsPage } from './PendingMutationsPage';
import { pendingPath } from './syncPaths';

/** Screens of the sync feature: the pending-work inspector (the chip links to it). */
export const syncRoutes: readonly FeatureRoute[] = [{ path: pendingPath, element: <PendingMutationsPage /> }];
