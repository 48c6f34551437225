import type { ReactNode } from 'react';

/**
 * A screen under the main layout (signed-in users). `path` is absolute ('/companies') or relative.
 * Each feature exports its list of these (`<area>Routes.tsx`); src/app/featureRoutes.tsx gathers them.
 */
export interface FeatureRoute {
  readonly path: string;
  readonly element: ReactNode;
}
