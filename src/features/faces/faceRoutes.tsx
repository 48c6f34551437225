import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';

const FaceDatabasePage = lazyNamed(() => import('./FaceDatabasePage'), 'FaceDatabasePage');

export const faceDatabasePath = '/face-database';

/** The face database screen (enrolment from the camera, who is enrolled), loaded with its route. */
export const faceRoutes: readonly FeatureRoute[] = [
  { path: faceDatabasePath, element: <FaceDatabasePage /> },
];
