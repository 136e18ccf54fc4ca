import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document (the subset zod emits
 * for the API's requests): values a schema accepts, and values it must refuse.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

const alphanumeric = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
const word = (min: number, max: number) => fc.string({ unit: alphanumeric, minLength: min, maxLength: max });

/** Addresses every validator agrees on: letters and digits, a dot in the domain. */
const emailAddress = fc
  .tuple(word(1, 20), word(1, 20), fc.constantFrom('test', 'example', 'com', 'org'))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`.toLowerCase());

/** Text a person might type: letters, spaces, accents, an RTL mark, emoji; trimmed non-blank. */
const text = (min: number, max: number) =>
  fc
    .string({
      unit: fc.oneof(
        { weight: 8, arbitrary: alphanumeric },
        { weight: 1, arbitrary: fc.constantFrom(' ', 'é', 'ß', '中', '\u200f', '😀', "'", '"', '<', '&') },
      ),
      minLength: min,
      maxLength: max,
    })
    .filter((s) => s.trim().length >= min && [...s].length <= max && s === s.trim());

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  if (schema.format === 'email') return emailAddress.filter((e) => e.length >= min && e.length <= max);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    try {
      // The pattern may bound the length itself (`{43,128}`): only the schema's own bounds filter.
      const longest = schema.maxLength ?? Number.POSITIVE_INFINITY;
      return fc
        .stringMatching(pattern)
        .filter((s) => s.length >= min && s.length <= longest && pattern.test(s));
    } catch {
      // Patterns fast-check cannot generate from (look-aheads): letters and digits that match.
      return word(Math.max(min, 8), Math.max(max, 12)).filter((s) => pattern.test(s));
    }
  }
  return text(min, max);
}

/** Values the schema accepts. */
export function valid(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(valid));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => valid({ ...schema, type })));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1_000_000),
        max: Math.min(schema.maximum ?? 1000, 1_000_000_000),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'string':
      return stringOf(schema);
    case 'array':
      return fc.array(valid(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, valid(property)]),
      );
      return fc.record(shape, {
        requiredKeys: Object.keys(shape).filter((key) => required.has(key)),
      });
    }
    default:
      return fc.jsonValue();
  }
}

/** A value of another JSON type than the schema allows. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = new Set([schema.type ?? []].flat());
  if (schema.enum || schema.const !== undefined) return fc.constant('not-one-of-the-choices');
  const candidates: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.constant('text')],
    ['integer', fc.constant(42)],
    ['boolean', fc.constant(true)],
    ['object', fc.constant({ nested: 'object' })],
    ['array', fc.constant(['an', 'array'])],
    ['null', fc.constant(null)],
  ];
  const wrong = candidates.filter(
    ([type]) => !allowed.has(type) && !(type === 'integer' && allowed.has('number')),
  );
  return fc.oneof(...wrong.map(([, arbitrary]) => arbitrary));
}

export interface Invalid {
  /** What is wrong with it, for the failure message. */
  flaw: string;
  body: unknown;
}

/**
 * Bodies an object schema refuses, each made from a valid one with one flaw: a field of the
 * wrong type, a required field missing, a string over its limit, a field it does not know.
 */
export function invalidBodies(schema: JsonSchema): fc.Arbitrary<Invalid> {
  const properties = Object.entries(schema.properties ?? {});
  const flaws: Array<fc.Arbitrary<Invalid>> = [
    valid(schema).map((body) => ({
      flaw: 'an unknown field',
      body: { ...(body as object), surprise_field: 'not in the schema' },
    })),
  ];
  for (const [key, property] of properties) {
    flaws.push(
      fc.tuple(valid(schema), wrongType(property)).map(([body, value]) => ({
        flaw: `${key} of the wrong type`,
        body: { ...(body as object), [key]: value },
      })),
    );
    if (schema.required?.includes(key)) {
      flaws.push(
        valid(schema).map((body) => {
          const { [key]: _missing, ...rest } = body as Record<string, unknown>;
          return { flaw: `${key} missing`, body: rest };
        }),
      );
    }
    if (property.type === 'string' && property.maxLength !== undefined && !property.enum) {
      flaws.push(
        valid(schema).map((body) => ({
          flaw: `${key} over its ${property.maxLength} characters`,
          body: { ...(body as object), [key]: 'x'.repeat(property.maxLength! + 1) },
        })),
      );
    }
  }
  return fc.oneof(...flaws);
}

/** Path parameter values that name nothing: broken escapes, NUL, RTL marks, 2,000 characters. */
export const impossiblePathValues = [
  '%',
  '%zz',
  '%E0%A4%A',
  'a%00b',
  '%E2%80%8Fabc',
  'x'.repeat(2000),
  '..%2F..%2Fetc',
  'DROP%20TABLE',
];
