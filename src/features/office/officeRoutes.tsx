import type { FeatureRoute } from '../../ui/featureRoute';
import { DiscussionsPage } from '../discussions/DiscussionsPage';

/** The office's screens beyond the generic resource ones. */
export const officeRoutes: readonly FeatureRoute[] = [{ path: '/discussions', element: <DiscussionsPage /> }];
