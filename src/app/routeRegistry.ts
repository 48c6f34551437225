import { matchRoutes, type RouteObject } from 'react-router';

let registered: RouteObject[] = [];

/** Called once by routes.tsx with the app's route tree. */
export const registerRoutes = (routes: RouteObject[]): void => {
  registered = routes;
};

/** Whether the client has a screen for `path` (a match that is not the not-found catch-all). */
export const isKnownRoute = (path: string): boolean => {
  const matches = matchRoutes(registered, path.split('?')[0] ?? path);
  const last = matches?.[matches.length - 1];
  return last !== undefined && last.route.path !== '*';
};
