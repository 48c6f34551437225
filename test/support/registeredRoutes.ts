import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  /** The path as the router holds it (lower case: routes match without regard to case). */
  readonly path: string;
  readonly methods: readonly string[];
}

/**
 * Every route the server registered, read from the router itself (Fastify's route tree, one node per line:
 * `├── /segment (GET, HEAD)` under its parent), so a test that walks them needs no list of its own and a new
 * route is walked without being named.
 */
export const registeredRoutes = (app: FastifyInstance): RegisteredRoute[] => {
  const out: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const rest = line.slice(at + 4);
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(rest);
    const segment = match?.[1] ?? '';
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + segment;
    stack[depth] = path;
    stack.length = depth + 1;
    const methods = match?.[2]?.split(',').map((m) => m.trim()) ?? [];
    if (methods.length) out.push({ path, methods });
  }
  return out;
};
