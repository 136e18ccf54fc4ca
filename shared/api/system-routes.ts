import * as z from 'zod';
import { healthSchema } from '../schemas/system';
import { defineRoutes } from './contract';

export const systemRoutes = defineRoutes('system', {
  'get-health': {
    method: 'GET',
    path: '/health',
    auth: 'public',
    summary: 'Each dependency of the API and whether it answers',
    response: healthSchema,
  },
  'get-openapi': {
    method: 'GET',
    path: '/openapi.json',
    auth: 'public',
    summary: 'This document: the OpenAPI 3.1 description of every route',
    response: z.looseObject({
      openapi: z.string(),
      info: z.object({}).loose(),
      paths: z.record(z.string(), z.unknown()),
    }),
    unwrapped: true,
  },
});
