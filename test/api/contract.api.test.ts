import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { inject } from 'vitest';
import { rolesAttrFor, clientRoles, allows, type RoleFlag } from '@shared/roles';
import { API_BASE } from '@shared/api/routes';
import { anAccount, anAdmin, password, signIn, tableSnapshot } from '../support/api';
import { impossiblePathValues, invalidBodies, valid, type JsonSchema } from '../support/arbitraries';

/**
 * Property-based contract tests, read from the OpenAPI document and run against the real local
 * system for every operation; a route added to the table joins without new test code.
 *
 * - Requests valid by the document answer 2xx or one of the operation's documented errors, and
 *   every 2xx body validates against the declared answer.
 * - Invalid requests (a field of the wrong type, a required field missing, a string over its
 *   limit, an unknown field, broken JSON, an array or null, a wrong content type, a body over
 *   10 MiB, impossible path parameters) answer 400, 404, 413 or 422 with the error shape, never a
 *   5xx, and change nothing in the table.
 * - The auth matrix: no token, a broken or `alg: none` token, the other area's token, each role
 *   without the operation's permission.
 *
 * Seeded and bounded: CONTRACT_SEED replays a run (fast-check prints the seed of a failure).
 */
const seed = Number(process.env.CONTRACT_SEED ?? Date.now() % 2 ** 31);
const validRuns = 6;
const invalidRuns = 8;

interface Operation {
  method: string;
  path: string;
  operationId: string;
  security: Array<Record<string, unknown>>;
  'x-permission'?: string;
  parameters: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }>;
  requestBody?: {
    content: {
      'application/json': { schema: JsonSchema };
      'application/x-www-form-urlencoded'?: { schema: JsonSchema };
    };
  };
  responses: Record<string, { content: Record<string, { schema: unknown }> }>;
}

interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

const stats = { operations: 0, requests: 0 };
let document: { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
let operations: Operation[];
const tokens: { client?: string; admin?: string; device?: string; byRole: Record<string, string> } = {
  byRole: {},
};
let principals: {
  client: { email: string };
  admin: { email: string };
};
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));

async function send(
  method: string,
  url: string,
  options: { token?: string; body?: string; contentType?: string } = {},
): Promise<Answer> {
  stats.requests++;
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const response = await fetch(`${inject('baseUrl')}${API_BASE}${url}`, {
    method,
    headers,
    body: options.body,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text, headers: response.headers };
}

type Area = 'client' | 'admin' | 'device';

/** The area whose token an operation takes, or null for public ones. */
const areaOf = (op: Operation): Area | null =>
  op.security.length === 0 ? null : (Object.keys(op.security[0]!)[0]!.replace(/Bearer$/, '') as Area);

/**
 * A fresh session for the area; session-ending operations (logout, password change) use it up. A
 * device's token is a room display's, registered once.
 */
async function tokenFor(area: Area): Promise<string> {
  if (area === 'device') {
    if (!tokens.device) {
      const registered = (await send('POST', '/device/register', { body: '{}' })).body as {
        result: { token: string };
      };
      tokens.device = registered.result.token;
    }
    return tokens.device;
  }
  const current = tokens[area]!;
  const probe = await send('GET', `/${area}/me`, { token: current });
  if (probe.status !== 401) return current;
  tokens[area] = await signIn(area, principals[area].email, password);
  return tokens[area]!;
}

function urlOf(op: Operation, values: Record<string, unknown>, query: Record<string, unknown> = {}): string {
  const pathPart = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(values[name])),
  );
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
  return search ? `${pathPart}?${search}` : pathPart;
}

const documented = (op: Operation, status: number) => String(status) in op.responses;

/**
 * Checks a 200 answer against the document: its media type (JSON, or text such as a calendar
 * feed), and its body against the schema, a text answer being one string.
 */
function successCheck(op: Operation) {
  const [type, { schema }] = Object.entries(op.responses['200']!.content)[0]!;
  const validate = ajv.compile(schema as object);
  const json = type === 'application/json';
  return {
    ok: (answer: Answer) =>
      (answer.headers.get('content-type') ?? '').startsWith(type) &&
      validate(json ? answer.body : answer.text),
    errors: () => `${type}: ${ajv.errorsText(validate.errors)}`,
  };
}

const errorShape = (body: unknown) =>
  !!body &&
  typeof body === 'object' &&
  'message' in body &&
  (typeof body.message === 'string' ||
    (typeof body.message === 'object' &&
      body.message !== null &&
      Object.values(body.message).every((v) => typeof v === 'string')));

function expectRefusal(op: Operation, what: string, answer: Answer, allowed: number[]): void {
  const label = `${op.method} ${op.path} with ${what}: ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, label).toBeLessThan(500);
  expect(allowed, label).toContain(answer.status);
  expect(documented(op, answer.status), `${label} (undocumented status)`).toBe(true);
  expect(errorShape(answer.body), `${label} (error shape)`).toBe(true);
}

function pathArbitrary(op: Operation) {
  const path = op.parameters.filter((p) => p.in === 'path');
  return fc.record(Object.fromEntries(path.map((p) => [p.name, valid(p.schema)])));
}

function queryArbitrary(op: Operation) {
  const query = op.parameters.filter((p) => p.in === 'query');
  return fc.record(Object.fromEntries(query.map((p) => [p.name, valid(p.schema)])), {
    requiredKeys: query.filter((p) => p.required).map((p) => p.name),
  });
}

beforeAll(async () => {
  document = (await send('GET', '/openapi.json')).body as typeof document;
  operations = Object.entries(document.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path: p })),
  );
  const account = await anAccount([...clientRoles]);
  for (const role of clientRoles) tokens.byRole[role] = account.users[role]!.token;
  const admin = await anAdmin();
  tokens.client = account.users['Account Admin']!.token;
  tokens.admin = admin.token;
  principals = { client: account.users['Account Admin']!, admin };
});

afterAll(() => {
  const dir = path.resolve(import.meta.dirname, '../../.test-data');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'contract-summary.json'), JSON.stringify({ ...stats, seed }, null, 2));
});

describe(`the API contract, from the OpenAPI document (seed ${seed})`, () => {
  // Each walks every operation of the document, which grows with every route: minutes on CI's
  // two cores, where the other projects' workers may still be finishing.
  const contractTimeout = 240_000;

  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it(
    'answers requests valid by the document with 2xx or a documented error, and 2xx as declared',
    async () => {
      for (const op of operations) {
        stats.operations++;
        const area = areaOf(op);
        const schema = op.requestBody?.content['application/json'].schema;
        const success = successCheck(op);
        await fc.assert(
          fc.asyncProperty(
            pathArbitrary(op),
            queryArbitrary(op),
            schema ? valid(schema) : fc.constant(undefined),
            async (params, query, body) => {
              const token = area ? await tokenFor(area) : undefined;
              const answer = await send(op.method, urlOf(op, params, query), {
                token,
                body: body === undefined ? undefined : JSON.stringify(body),
              });
              const label = `${op.method} ${op.path} ${JSON.stringify(body)}: ${answer.status} ${answer.text.slice(0, 300)}`;
              expect(answer.status, label).toBeLessThan(500);
              if (answer.status >= 200 && answer.status < 300) {
                expect(success.ok(answer), `${label}\n${success.errors()}`).toBe(true);
              } else {
                expect(documented(op, answer.status), `${label} (undocumented status)`).toBe(true);
                expect(errorShape(answer.body), `${label} (error shape)`).toBe(true);
              }
            },
          ),
          { seed, numRuns: validRuns, endOnFailure: true },
        );
      }
    },
    contractTimeout,
  );

  it(
    'refuses invalid requests with 400/404/413/422 and the error shape, and changes nothing',
    async () => {
      for (const op of operations) {
        const area = areaOf(op);
        const schema = op.requestBody?.content['application/json'].schema;
        const token = area ? await tokenFor(area) : undefined;
        const pathValues = fc.sample(pathArbitrary(op), { seed, numRuns: 1 })[0]!;
        const url = urlOf(op, pathValues);
        const before = await tableSnapshot();

        if (schema) {
          await fc.assert(
            fc.asyncProperty(invalidBodies(schema), async ({ flaw, body }) => {
              const answer = await send(op.method, url, { token, body: JSON.stringify(body) });
              expectRefusal(op, `${flaw} ${JSON.stringify(body).slice(0, 200)}`, answer, [404, 422]);
            }),
            { seed, numRuns: invalidRuns, endOnFailure: true },
          );
          const malformed: Array<[string, string, string | undefined]> = [
            ['broken JSON', '{"title": ', undefined],
            ['a JSON array', '["a", "b"]', undefined],
            ['JSON null', 'null', undefined],
            ['a form instead of JSON', 'title=x', 'application/x-www-form-urlencoded'],
          ];
          // A route that takes forms (the calendar code) reads this one, and refuses its fields.
          const takesForms = 'application/x-www-form-urlencoded' in (op.requestBody?.content ?? {});
          for (const [what, body, contentType] of malformed) {
            const form = contentType === 'application/x-www-form-urlencoded' && takesForms;
            expectRefusal(
              op,
              what,
              await send(op.method, url, { token, body, contentType }),
              form ? [404, 422] : [400, 404],
            );
          }
        }
        if (op.method !== 'GET') {
          const huge = await send(op.method, url, { token, body: 'x'.repeat(10 * 1024 * 1024 + 1) });
          expectRefusal(op, 'a body over 10 MiB', huge, [413]);
        }
        for (const param of op.parameters.filter((p) => p.in === 'path')) {
          const { name } = param;
          // A free-text parameter (a search) names nothing to look up: most of these are texts to
          // search for, answered as such; the rest are refused like impossible ids.
          const freeText = !param.schema.pattern && !param.schema.enum && param.schema.const === undefined;
          for (const value of impossiblePathValues) {
            const raw = op.path.replace(/\{(\w+)\}/g, (_, n: string) =>
              n === name ? value : String(pathValues[n]),
            );
            const answer = await send(op.method, raw, {
              token,
              body: schema ? JSON.stringify(fc.sample(valid(schema), { seed, numRuns: 1 })[0]) : undefined,
            });
            if (freeText && answer.status === 200) {
              expect(
                successCheck(op).ok(answer),
                `${op.method} ${op.path} with ${name} = ${value.slice(0, 40)}`,
              ).toBe(true);
            } else {
              expectRefusal(op, `path ${name} = ${value.slice(0, 40)}`, answer, [404]);
            }
          }
        }
        expect(
          await tableSnapshot(),
          `${op.method} ${op.path}: an invalid request changed the table`,
        ).toEqual(before);
      }
    },
    contractTimeout,
  );

  it(
    'answers the auth matrix: no token, broken tokens, the other area, roles without the permission',
    async () => {
      const forged = (claims: object) =>
        `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
          JSON.stringify(claims),
        ).toString('base64url')}.`;
      for (const op of operations.filter((o) => areaOf(o))) {
        const area = areaOf(op)!;
        const url = urlOf(op, fc.sample(pathArbitrary(op), { seed, numRuns: 1 })[0]!);
        const cases: Array<[string, string | undefined, number]> =
          area === 'device'
            ? [
                ['no token', undefined, 401],
                ['a token that is not a device token', 'not-a-token', 401],
                [
                  "a device's id with another secret",
                  `${(await tokenFor('device')).split('.')[0]}.${'x'.repeat(43)}`,
                  401,
                ],
                ["a client user's token (no person is a device)", await tokenFor('client'), 401],
              ]
            : [
                ['no token', undefined, 401],
                ['a token that is not a JWT', 'not-a-token', 401],
                [
                  'an unsigned token (alg: none) with real claims',
                  forged(
                    JSON.parse(
                      Buffer.from((await tokenFor(area)).split('.')[1]!, 'base64url').toString(),
                    ) as object,
                  ),
                  401,
                ],
                ["the other area's token", await tokenFor(area === 'client' ? 'admin' : 'client'), 403],
                ["a room display's token", await tokenFor('device'), 401],
              ];
        const permission = op['x-permission'];
        if (permission && permission !== 'read') {
          for (const role of clientRoles) {
            if (!allows(rolesAttrFor(role), permission as RoleFlag)) {
              cases.push([`a ${role}, whose role may not`, tokens.byRole[role], 403]);
            }
          }
        }
        for (const [what, token, status] of cases) {
          const answer = await send(op.method, url, { token, body: op.requestBody ? '{}' : undefined });
          expectRefusal(op, what, answer, [status]);
        }
      }
    },
    contractTimeout,
  );
});
