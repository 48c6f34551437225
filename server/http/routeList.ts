import type { FastifyInstance } from 'fastify';

/** A registered route as the router knows it (tests derive their walks from it, e.g. the input fuzzer). */
export interface RouteEntry {
  readonly method: string;
  readonly url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this server, in registration order (HEAD variants left out). */
    routeList: readonly RouteEntry[];
  }
}

/** Records every route from here on; call before any route is registered. */
export const registerRouteList = (app: FastifyInstance): void => {
  const routes: RouteEntry[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
};
