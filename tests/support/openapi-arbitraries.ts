/**
 * fast-check arbitraries derived from an OpenAPI 3.1 document (issue 14 (9)): for each operation,
 * requests whose shape follows its schema, and hostile variants of them where one value (a path
 * parameter, a query parameter, a body field or the whole body) is replaced by something an
 * attacker or a broken client would send. Used by tests/openapi-fuzz.test.ts.
 *
 * Only what the apps' documents use is supported (zod's JSON Schema output): $ref to
 * components, anyOf/oneOf/allOf, enum/const, strings with length, pattern and format, numbers
 * with bounds, arrays, objects with required properties. Sizes are kept small on purpose: the
 * point is the shape and the hostile values, not volume.
 */
import fc from 'fast-check';

export type JsonSchema = Record<string, any>;
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, unknown>>;
}

/** One request as the fuzzer sends it; `hostile` says which value was replaced, for the report. */
export interface FuzzRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Json | undefined;
  hostile: string;
}

const nestingDepthMax = 4;
const arrayItemsMax = 3;

/**
 * Hostile replacements for a string, chosen by what the valid value looks like, so most of them
 * still pass the schema and reach the domain and the database: an amount gets amounts out of
 * every range, an id gets ids that are not UUIDs, any text gets NUL, lone surrogates and length.
 */
const hostileAmounts: readonly string[] = [
  '99999999999999999999.00',
  '-99999999999999999999.00',
  '92233720368547758.08', // one minor unit above PostgreSQL's bigint
  '9223372036854775807',
  '0.00',
  '-0.01',
  '0.001',
  '1e308',
];

const hostileIds: readonly string[] = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'A2C4E6F8-1B3D-4F5A-8C7E-9D0B2A4C6E8F',
  '{a2c4e6f8-1b3d-4f5a-8c7e-9d0b2a4c6e8f}',
  '1',
];

export const hostileStrings: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'x\ud800y',
  '\udfff',
  ' ',
  '\u202e\u200b',
  "'; DROP TABLE player; --",
  '../../etc/passwd',
  'é'.repeat(2_000),
  'x'.repeat(20_000),
];

const deeplyNested = deepNesting(5_000);

/** Values of the wrong type, numbers at the edge, prototype pollution and a body nested far deeper than any schema. */
const wrongTypes: readonly Json[] = [
  null,
  true,
  0,
  -1,
  1e308,
  // eslint-disable-next-line no-loss-of-precision -- deliberately past 2^53: the value JSON turns into another number
  9_007_199_254_740_993,
  0.1,
  [],
  {},
  JSON.parse('{"__proto__":{"polluted":true}}') as Json,
  { constructor: { prototype: { polluted: true } } },
  deeplyNested,
];

/** The replacements for a value: shape-specific ones twice, so they are drawn most often. */
export function hostileFor(value: Json | undefined): readonly Json[] {
  if (typeof value !== 'string') return [...wrongTypes, ...hostileAmounts.slice(0, 2), ...hostileStrings];
  const specific = /^-?\d+(\.\d+)?$/.test(value) ? hostileAmounts : /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value) ? hostileIds : [];
  return [...specific, ...specific, ...hostileStrings, ...wrongTypes.slice(0, 4), deeplyNested];
}

/** Path segments a router, a UUID parser and a database must all survive. */
export const hostilePathValues: readonly string[] = [
  'not-a-uuid',
  '0',
  '-1',
  '99999999999999999999',
  '%00',
  '%ED%A0%80', // a lone surrogate, UTF-8 encoded: not valid UTF-8
  '%F0%9F%98%80',
  '%25',
  '%', // a broken escape
  '%zz',
  '..',
  'x'.repeat(120), // longer than the router's longest parameter: 414
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'A2C4E6F8-1B3D-4F5A-8C7E-9D0B2A4C6E8F',
];

export function deepNesting(depth: number): Json {
  let value: Json = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

/** How many values of an operation can be made hostile: its parameters and its body's fields, roughly. */
export function targetCount(operation: Operation): number {
  const parameters = (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query').length;
  const body = operation.requestBody?.content?.['application/json']?.schema;
  return parameters + (body ? JSON.stringify(body).split('"type"').length : 0);
}

export class SchemaArbitraries {
  constructor(private readonly document: OpenApiDocument) {}

  /** Resolves `$ref`s to `#/components/schemas/...`, which is all the apps' documents use. */
  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
      const name = current.$ref.replace('#/components/schemas/', '');
      const target = this.document.components?.schemas?.[name];
      if (!target) throw new Error(`unresolvable $ref ${current.$ref}`);
      const { $ref: _ignored, ...rest } = current;
      current = { ...target, ...rest };
    }
    return current;
  }

  /** Values the schema accepts (as far as a generator can tell; patterns are honoured). */
  valid(schemaIn: JsonSchema | undefined, depth = 0): fc.Arbitrary<Json> {
    if (!schemaIn || Object.keys(schemaIn).length === 0) return fc.constantFrom<Json>('value', 1, true, null);
    const schema = this.resolve(schemaIn);
    if ('const' in schema) return fc.constant(schema.const as Json);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as Json[]));
    const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (alternatives) return fc.oneof(...alternatives.map((s) => this.valid(s, depth)));
    if (Array.isArray(schema.allOf))
      return this.valid(Object.assign({}, ...schema.allOf.map((s: JsonSchema) => this.resolve(s))), depth);
    const type = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : 'string')];
    return fc.oneof(...type.map((t: string) => this.validOfType(t, schema, depth)));
  }

  private validOfType(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<Json> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({
          min: bound(schema.minimum, schema.exclusiveMinimum, 1, -1000),
          max: bound(schema.maximum, schema.exclusiveMaximum, -1, 1000),
        });
      case 'number':
        return fc.double({
          min: bound(schema.minimum, schema.exclusiveMinimum, 0.01, -1000),
          max: bound(schema.maximum, schema.exclusiveMaximum, -0.01, 1000),
          noNaN: true,
        });
      case 'string':
        return validString(schema);
      case 'array': {
        if (depth >= nestingDepthMax) return fc.constant([]);
        const minLength = schema.minItems ?? 0;
        return fc.array(this.valid(schema.items, depth + 1), {
          minLength,
          maxLength: Math.max(minLength, Math.min(schema.maxItems ?? arrayItemsMax, arrayItemsMax)),
        });
      }
      case 'object':
        return this.validObject(schema, depth);
      default:
        return fc.constant(null);
    }
  }

  private validObject(schema: JsonSchema, depth: number): fc.Arbitrary<Json> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set<string>(schema.required ?? []);
    if (depth >= nestingDepthMax || Object.keys(properties).length === 0) return fc.constant({});
    const record: Record<string, fc.Arbitrary<Json>> = {};
    for (const [name, property] of Object.entries(properties)) record[name] = this.valid(property, depth + 1);
    const optional = Object.keys(properties).filter((name) => !required.has(name));
    return fc.record(record, { requiredKeys: [...required].filter((name) => name in properties) }).map((value) => {
      // fast-check may leave optional keys out; that is part of the shape too.
      for (const name of optional) if (value[name] === undefined) delete value[name];
      return value as Json;
    });
  }

  /**
   * Requests for one operation: first the valid shape, then the same with one value made
   * hostile. The hostile value is chosen among every leaf of the body (and the body itself),
   * every query parameter and every path parameter, so each run probes a different input.
   */
  requests(
    operation: Operation,
    knownIds: readonly string[],
    fixedPathValues: Record<string, readonly string[]> = {},
  ): fc.Arbitrary<FuzzRequest> {
    const parameters = operation.parameters ?? [];
    const pathParams = parameters.filter((p) => p.in === 'path');
    const queryParams = parameters.filter((p) => p.in === 'query');
    const headerParams = parameters.filter((p) => p.in === 'header');
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    const pathArb = fc.record(
      Object.fromEntries(
        pathParams.map((p) => [
          p.name,
          fixedPathValues[p.name] ? fc.constantFrom(...fixedPathValues[p.name]!) : this.pathValue(p, knownIds),
        ]),
      ),
    );
    const queryArb = fc.record(
      Object.fromEntries(
        queryParams.map((p) => [
          p.name,
          p.required
            ? this.valid(p.schema).map(asText)
            : fc.option(this.valid(p.schema).map(asText), { nil: undefined, freq: 3 }),
        ]),
      ),
    );
    const headerArb = fc.record(Object.fromEntries(headerParams.map((p) => [p.name, this.valid(p.schema).map(asText)])));
    const bodyArb = bodySchema ? this.valid(bodySchema).map((b) => b as Json | undefined) : fc.constant(undefined);
    const valid = fc.record({ path: pathArb, query: queryArb, headers: headerArb, body: bodyArb }).map((r) => ({
      ...r,
      query: Object.fromEntries(Object.entries(r.query).filter(([, v]) => v !== undefined)) as Record<string, string>,
      hostile: 'none',
    }));
    const targets: Target[] = [
      ...pathParams.map((p): Target => ({ kind: 'path', name: p.name })),
      ...queryParams.map((p): Target => ({ kind: 'query', name: p.name })),
      ...(bodySchema ? [{ kind: 'body' } as Target] : []),
    ];
    if (targets.length === 0) return valid;
    const mutation = fc.record({
      target: fc.constantFrom(...targets),
      leafIndex: fc.nat(),
      pick: fc.nat(),
    });
    const hostile = fc.tuple(valid, mutation).map(([request, m]) => mutate(request, m));
    return fc.oneof({ arbitrary: valid, weight: 1 }, { arbitrary: hostile, weight: 3 });
  }

  private pathValue(parameter: Parameter, knownIds: readonly string[]): fc.Arbitrary<string> {
    const schema = this.resolve(parameter.schema ?? {});
    if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...knownIds), fc.uuid({ version: 4 }));
    return this.valid(schema).map((value) => encodeText(asText(value)));
  }
}

type Target = { kind: 'path' | 'query'; name: string } | { kind: 'body' };

interface Mutation {
  target: Target;
  leafIndex: number;
  pick: number;
}

function mutate(request: FuzzRequest, m: Mutation): FuzzRequest {
  const copy: FuzzRequest = {
    ...request,
    path: { ...request.path },
    query: { ...request.query },
    body: structuredClone(request.body),
  };
  if (m.target.kind === 'path') {
    const value = hostilePathValues[m.pick % hostilePathValues.length]!;
    copy.path[m.target.name] = value;
    copy.hostile = `path ${m.target.name} = ${preview(value)}`;
  } else if (m.target.kind === 'query') {
    // A query parameter is text on the wire, whatever its schema says.
    const choices = hostileFor(copy.query[m.target.name] ?? '').filter((v): v is string => typeof v === 'string');
    const value = choices[m.pick % choices.length]!;
    copy.query[m.target.name] = value;
    copy.hostile = `query ${m.target.name} = ${preview(value)}`;
  } else {
    // Scalars three times over: they are where a value passes the schema and reaches the domain.
    const all = leafPaths(copy.body);
    const scalars = all.filter((path) => {
      const v = getAt(copy.body, path);
      return v === null || typeof v !== 'object';
    });
    const leaves = [...all, ...scalars, ...scalars];
    const leaf = leaves[m.leafIndex % leaves.length]!;
    const choices = hostileFor(getAt(copy.body, leaf));
    const value = choices[m.pick % choices.length]!;
    copy.body = setAt(copy.body, leaf, value);
    copy.hostile = `body${leaf.map((k) => `.${k}`).join('')} = ${preview(value)}`;
  }
  return copy;
}

/** Every place a value can be replaced: the body itself, each property and array item, deeply. */
function leafPaths(value: Json | undefined, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const paths: Array<Array<string | number>> = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...leafPaths(item, [...prefix, i])));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) paths.push(...leafPaths(item, [...prefix, key]));
  return paths;
}

function getAt(root: Json | undefined, path: Array<string | number>): Json | undefined {
  let node = root as any;
  for (const key of path) node = node?.[key];
  return node as Json | undefined;
}

function setAt(root: Json | undefined, path: Array<string | number>, value: Json): Json {
  if (path.length === 0) return value;
  let node = root as any;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path[path.length - 1]!] = value;
  return root as Json;
}

function validString(schema: JsonSchema): fc.Arbitrary<Json> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1920-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc
        .tuple(fc.stringMatching(/^[a-z]{1,10}$/), fc.constantFrom('example.cz', 'staff.test'))
        .map(([local, domain]) => `${local}@${domain}`);
    case 'byte':
      return fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('base64'));
    default:
      break;
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from falls back to plain text.
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function bound(inclusive: unknown, exclusive: unknown, step: number, fallback: number): number {
  if (typeof inclusive === 'number') return clamp(inclusive);
  if (typeof exclusive === 'number') return clamp(exclusive + step);
  return fallback;
}

function clamp(n: number): number {
  return Math.max(-1e9, Math.min(1e9, n));
}

function asText(value: Json): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Percent-encodes text for a URL. Unlike encodeURIComponent it does not throw on a lone
 * surrogate: it sends the surrogate's three UTF-8-style bytes, as a careless client would.
 */
export function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

const deeplyNestedMarker = '\u0001deeply-nested\u0001';

/**
 * The body as JSON text. The deeply nested value is written iteratively: JSON.stringify recurses
 * and would run out of stack on the client side before the server ever saw the body.
 */
export function toJsonText(body: Json): string {
  const text = JSON.stringify(body, (_key, value: unknown) => (value === deeplyNested ? deeplyNestedMarker : value));
  return text.split(JSON.stringify(deeplyNestedMarker)).join(deepNestingText(5_000));
}

function deepNestingText(depth: number): string {
  let open = '';
  let close = '';
  for (let level = depth - 1; level >= 0; level--) {
    open += level % 2 === 0 ? '[' : '{"a":';
    close = (level % 2 === 0 ? ']' : '}') + close;
  }
  return `${open}"bottom"${close}`;
}

export function preview(value: unknown): string {
  if (value === deeplyNested) return '<5,000 levels of nesting>';
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}
