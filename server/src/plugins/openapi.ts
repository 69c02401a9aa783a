import fp from 'fastify-plugin';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';

export const API_VERSION = '0.8.0';

const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI document is generated from the routes bound by `bindEndpoint`, that is from the
 * contract; routes without tags (static files, pages) stay out of it. The document and its UI
 * are built on first request, in an instance of their own that knows the same routes: loading
 * the generator and the UI at start cost `npm start` a good part of its time and memory.
 */
export const openapiPlugin = fp(
  async (app) => {
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      // Fastify adds a HEAD route beside each GET; the document lists the GET.
      if (route.schema?.tags && route.method !== 'HEAD') routes.push({ ...route });
    });
    let docs: Promise<FastifyInstance> | undefined;
    const forward = async (req: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      docs ??= docsInstance(routes);
      const res = await (await docs).inject({ method: 'GET', url: req.url, headers: { host: req.headers.host ?? '' } });
      for (const name of ['content-type', 'location', 'cache-control'] as const) {
        const value = res.headers[name];
        if (value !== undefined) reply.header(name, value);
      }
      return reply.code(res.statusCode).send(res.rawPayload);
    };
    app.get(DOCS_PREFIX, forward);
    app.get(`${DOCS_PREFIX}/*`, forward);
  },
  { name: 'openapi' },
);

async function docsInstance(routes: readonly RouteOptions[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }, { jsonSchemaTransform }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
    import('fastify-type-provider-zod'),
  ]);
  const docs = Fastify({ logger: false, exposeHeadRoutes: false });
  // The schemas are zod; this instance only describes them, it never validates a request.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, {
    openapi: {
      info: {
        title: 'H5 Exchange API',
        version: API_VERSION,
        description:
          'Replies are `{type: "ok", message}` or `{type: "error" | "999" | "998" | "996" | "997", ' +
          'message}`; failures are HTTP 200 with a message in the request language (`lang`, body ' +
          'or query, default hk). Bodies are form-encoded or JSON.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Session token' },
        },
      },
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
  });
  await docs.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
  for (const route of routes) {
    docs.route({ method: route.method, url: route.url, schema: route.schema, handler: () => null });
  }
  await docs.ready();
  return docs;
}
