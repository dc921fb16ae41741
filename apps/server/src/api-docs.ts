import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The API reference at /api/docs: Swagger UI (swagger-ui-dist, from node_modules, never a CDN)
 * rendering GET /api/v1/openapi.json. Found through Node's resolution from this module, so the
 * source (tsx) and the esbuild bundle (apps/server/dist/main.js) both reach the package.
 */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Atelier API reference</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css">
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <div id="reference"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: false,
  tryItOutEnabled: false,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

export function registerApiDocs(app: FastifyInstance) {
  const root = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  app.get('/api/docs', (_request, reply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE));
  app.get('/api/docs/init.js', (_request, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(INIT));
  for (const [name, type] of Object.entries(ASSETS))
    app.get(`/api/docs/${name}`, (_request, reply) =>
      reply.type(type).header('Cache-Control', 'public, max-age=3600').send(createReadStream(join(root, name))),
    );
}
