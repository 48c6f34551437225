import type { ReactNode } from 'react';

/**
 * A screen under the main layout (signed-in users). `path` is absolute ('/companies') or relative. Each feature
 * exports its list of these (`<area>Routes.tsx`); src/app/featureRoutes.tsx gathers them.
 */
export type FeatureRoute =
  | { readonly path: string; readonly element: ReactNode }
  | {
      readonly path: string;
      /**
       * The screen from its own chunk: the router starts loading it as soon as the path matches (at start-up in
       * parallel with the texts), and no other route's screens are downloaded.
       */
      readonly lazy: () => Promise<ReactNode>;
    };
