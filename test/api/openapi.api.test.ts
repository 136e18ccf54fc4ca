import { validate } from '@scalar/openapi-parser';
import { errorStatuses } from '@core/http/openapi';
import { routes } from '@shared/api/routes';
import { call } from '../support/api';

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  prefixItems?: Schema[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

/** An operation of the document, as far as these tests read it. */
interface DocumentOperation {
  security: unknown[];
  parameters: Array<{ name: string; in: string; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { headers?: Record<string, unknown> }>;
}

/** zod's own limits of an integer (the safe integers): they bound nothing the API chose. */
const unchosen = (limit: unknown) => Math.abs(Number(limit)) === Number.MAX_SAFE_INTEGER;

/**
 * Where a request schema takes values without a limit, as JSON paths under `where`: a string
 * without `maxLength` (an `enum` or `const` bounds it too), an array without `maxItems`, an
 * integer or number without both a minimum and a maximum (exclusive ones count). `$ref`s are
 * followed, into the document (`#/components/…`) or the schema's own `$defs`.
 */
function unbounded(schema: Schema, where: string, roots: object[], seen = new Set<string>()): string[] {
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return [];
    const steps = schema.$ref.replace(/^#\//, '').split('/');
    const target = roots
      .map((root) => steps.reduce<unknown>((node, step) => (node as Record<string, unknown>)?.[step], root))
      .find(Boolean) as Schema | undefined;
    expect(target, `${where}: ${schema.$ref} resolves`).toBeDefined();
    return unbounded(target!, where, roots, new Set([...seen, schema.$ref]));
  }
  const types = ([] as string[]).concat(schema.type ?? []);
  const listed = schema.enum !== undefined || schema.const !== undefined;
  const found: string[] = [];
  if (types.includes('string') && !listed && schema.maxLength === undefined) found.push(`${where} (string)`);
  if (types.includes('array') && schema.maxItems === undefined) found.push(`${where} (array)`);
  for (const type of ['integer', 'number'].filter((t) => types.includes(t))) {
    const min = schema.minimum ?? schema.exclusiveMinimum;
    const max = schema.maximum ?? schema.exclusiveMaximum;
    if (!listed && (min === undefined || max === undefined || unchosen(min) || unchosen(max)))
      found.push(`${where} (${type})`);
  }
  const inner: Array<[Schema, string]> = [
    ...Object.entries(schema.properties ?? {}).map(([name, s]): [Schema, string] => [s, `${where}.${name}`]),
    ...(schema.items ? [[schema.items, `${where}[]`] as [Schema, string]] : []),
    ...(schema.prefixItems ?? []).map((s, i): [Schema, string] => [s, `${where}[${i}]`]),
    ...(typeof schema.additionalProperties === 'object'
      ? [[schema.additionalProperties, `${where}.*`] as [Schema, string]]
      : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map(
      (s): [Schema, string] => [s, where],
    ),
  ];
  return [...found, ...inner.flatMap(([s, w]) => unbounded(s, w, roots, seen))];
}

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

  it('bounds every value a request sends: each string, array and number of every body and parameter', async () => {
    const { body: document } = await call('GET', '/openapi.json');
    const found: string[] = [];
    for (const [path, methods] of Object.entries(
      document.paths as Record<string, Record<string, DocumentOperation>>,
    )) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters) {
          found.push(
            ...unbounded(parameter.schema, `${name} ${parameter.in} ${parameter.name}`, [
              parameter.schema,
              document,
            ]),
          );
        }
        for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
          found.push(...unbounded(schema, `${name} body (${type}) $`, [schema, document]));
        }
      }
    }
    expect(found, `${found.length} unbounded request values`).toEqual([]);
  });

  it('lists 401 for every secured operation and 429 for every operation, which the stage throttles', async () => {
    const { body: document } = await call('GET', '/openapi.json');
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(
      document.paths as Record<string, Record<string, DocumentOperation>>,
    )) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (operation.security.length > 0 && !operation.responses['401']) missing.push(`${name}: 401`);
        if (!operation.responses['429']) missing.push(`${name}: 429`);
        else expect(operation.responses['429'].headers?.['Retry-After'], name).toBeDefined();
      }
    }
    expect(missing, `${missing.length} missing`).toEqual([]);
  });
});
