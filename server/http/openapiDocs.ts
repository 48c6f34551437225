import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { buildOpenApiDocument, type OpenApiDocument } from './openapiDocument';
import { describedRoutes } from './openapiRoutes';

/** Where the description and its page are served. */
export const apiDocsPaths = {
  page: '/api/docs',
  document: '/api/docs/openapi.json',
  script: '/api/docs/init.js',
  /** Swagger UI's own files, from the swagger-ui-dist package (never a CDN: the page works offline). */
  assets: '/api/docs/',
} as const;

/** The files of swagger-ui-dist the page loads; nothing else of the package is served (its demo page is not). */
const uiFiles = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'];

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Aisle API</title>
<link rel="icon" type="image/png" href="${apiDocsPaths.assets}favicon-32x32.png" sizes="32x32">
<link rel="stylesheet" href="${apiDocsPaths.assets}swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${apiDocsPaths.assets}swagger-ui-bundle.js"></script>
<script src="${apiDocsPaths.script}"></script>
</body>
</html>
`;

// A script file, not inline: the Content-Security-Policy allows scripts from this origin only.
// validatorUrl null: Swagger UI would otherwise send the document to an outside validator.
const script = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(apiDocsPaths.document)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: false
});
`;

/**
 * The API's OpenAPI 3.1 description (GET /api/docs/openapi.json) and a page to browse and try it (GET /api/docs).
 * Both are readable without signing in: they show the API's shape, never data (docs/decisions.md). The document is
 * built once, on first request, from the route registry (server/http/openapiRoutes.ts) and the resource
 * definitions.
 */
export const registerApiDocs = async (app: FastifyInstance, ctx: AppContext): Promise<void> => {
  let built: OpenApiDocument | undefined;
  const build = () =>
    buildOpenApiDocument(describedRoutes(ctx.schema.definitions), {
      title: 'Aisle API',
      version: '1',
      description:
        "The warehouse management API of Aisle. Sign in with POST /api/Auth and send the access token as a bearer token. Every failure answers with the error catalogue's shape (ApiError).",
    });
  const document = (): OpenApiDocument => {
    built = built ?? build();
    return built;
  };

  app.get(apiDocsPaths.document, async () => document());
  app.get(apiDocsPaths.page, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
  );
  app.get(apiDocsPaths.script, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(script),
  );
  const uiRoot = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root: uiRoot,
    prefix: apiDocsPaths.assets,
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => uiFiles.includes(pathName.replace(/^\//, '')),
  });
};
