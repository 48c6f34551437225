import type { FeatureRoute } from '../../app/featureRoutes';

/** The terminal screens (receipt, release, picking, verify) under /terminal. */
export const terminalRoutes: readonly FeatureRoute[] = [];
