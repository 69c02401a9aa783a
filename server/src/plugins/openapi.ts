import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_VERSION = '0.8.0';

/**
 * The OpenAPI document is generated from the routes bound by `bindEndpoint`, that is from the
 * contract; routes without tags (static files, pages) stay out of it.
 */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
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
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { validatorUrl: null, deepLinking: true },
    });
  },
  { name: 'openapi' },
);
