import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { docsContentSecurityPolicy } from './security-headers.ts';

export interface OpenApiOptions {
  title: string;
  version: string;
  description: string;
}

/** OpenAPI 3.1 generated from the routes' zod schemas: `/openapi.json`, Swagger UI at `/docs`. */
async function openApiPlugin(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, version: options.version, description: options.description },
      components: {
        securitySchemes: {
          playerToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Player access token (audience casino:player)',
          },
          staffToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Staff access token (audience casino:staff)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The CSP goes on every /docs response (the page and its static files); validatorUrl is off so
  // the page never calls validator.swagger.io.
  await app.register(swaggerUi, { routePrefix: '/docs', validatorUrl: false, staticCSP: { ...docsContentSecurityPolicy } });
  app.get('/openapi.json', { schema: { hide: true }, config: { rateLimit: false } }, async () => app.swagger());
}

export default fp(openApiPlugin, { name: 'casino-openapi', fastify: '5.x' });
