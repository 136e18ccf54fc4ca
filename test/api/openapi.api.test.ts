import { validate } from '@scalar/openapi-parser';
import { errorStatuses } from '../../functions/http/openapi';
import { routes } from '../../functions/routes';
import { call } from '../support/api';

/** The OpenAPI document, as an integrator, a screen maker or the contract tests read it. */
describe('GET /openapi.json', () => {
  it('is public, cacheable, and a valid OpenAPI 3.1 document', async () => {
    const answer = await call('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(answer.body.openapi).toMatch(/^3\.1\./);
    const { valid, errors } = await validate(answer.body);
    expect(errors).toEqual([]);
    expect(valid).toBe(true);
  });

  it('describes every route of the table: security, permission, parameters, body, answers', async () => {
    const { body: document } = await call('GET', '/openapi.json');
    const operations = Object.values(document.paths as Record<string, object>).flatMap((p) => Object.keys(p));
    expect(operations).toHaveLength(routes.length);
    for (const route of routes) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation.operationId).toBe(route.handler);
      expect(operation.security).toEqual(route.auth === 'public' ? [] : [{ [`${route.auth}Bearer`]: [] }]);
      if (route.auth === 'client') expect(operation['x-permission']).toBe(route.permission);
      expect(operation.parameters.filter((p: { in: string }) => p.in === 'path')).toHaveLength(
        [...route.path.matchAll(/\{\w+\}/g)].length,
      );
      expect(!!operation.requestBody).toBe(!!route.body);
      if (route.body) {
        expect(operation.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
      }
      if (route.produces) {
        // A text answer (the calendar feed) is described as a string of its media type.
        expect(operation.responses['200'].content).toEqual({
          [route.produces]: { schema: { type: 'string' } },
        });
      } else {
        const success = operation.responses['200'].content['application/json'].schema;
        expect(route.unwrapped ? success : success.properties.result).toBeTypeOf('object');
      }
      // A conditional answer (a display's state) may be 304 Not Modified, with no body.
      expect(!!operation.responses['304']).toBe(!!route.conditional);
      const statuses = Object.keys(operation.responses).filter((s) => s !== '200' && s !== '304');
      expect(statuses).toEqual(errorStatuses(route).map(String));
      for (const status of statuses) {
        expect(operation.responses[status].content['application/json'].schema).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
      expect(statuses).toContain('503');
      // A device's token names no role: nothing is forbidden to it, it is good or not (401).
      if (route.auth === 'device') expect(statuses).toContain('401');
      else if (route.auth !== 'public') expect(statuses).toEqual(expect.arrayContaining(['401', '403']));
    }
  });
});
