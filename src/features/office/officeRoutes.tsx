import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';

const DiscussionsPage = lazyNamed(() => import('../discussions/DiscussionsPage'), 'DiscussionsPage');

/** The office's screens beyond the generic resource ones. */
export const officeRoutes: readonly FeatureRoute[] = [{ path: '/discussions', element: <DiscussionsPage /> }];
