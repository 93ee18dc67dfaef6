import fc from 'fast-check';
import {
  branches,
  resolve,
  sample,
  typesOf,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './openapi.ts';

// Generators of bad requests, derived from each operation's documented schema: every case is
// invalid by construction, so the service must refuse it with the interface's error body.

export type Expectation = { statuses: number[]; code?: string; names?: string };

export interface BadCase {
  kind: string;
  /** What was sent wrong, for the failure message. */
  what: string;
  /** Mutates the valid base request. */
  apply(base: BaseRequest): BaseRequest;
  expect: Expectation;
}

export interface BaseRequest {
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  /** A JSON value, or raw bytes/text with their content type. */
  body?: { json: unknown } | { raw: string | Uint8Array; contentType: string | null };
}

const NOT_HTTP_URIS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  ' javascript:alert(1)',
  'javascript://example.com/%0Aalert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/x',
  'not a url',
  'http://',
  '//example.com/x',
];
const BAD_DATES = [
  '2026-02-30',
  '2026-13-01',
  '20260101',
  'tomorrow',
  '2026-1-1',
  '0000-01-01',
  '2026-01-01T00:00:00Z',
  '',
];
const BAD_DATE_TIMES = [
  '2026-02-30T10:00:00Z',
  'yesterday',
  '2026-01-01',
  '2026-01-01T25:00:00Z',
  '1e12',
  '0000-01-01T00:00:00Z',
  '',
];
const BAD_UUIDS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000',
  "' or 1=1 --",
  '1',
  '../../etc/passwd',
  '%00',
];

const nonEmpty = <T>(xs: T[]) => xs.length > 0;

/** Values of the wrong JSON type for `schema`. */
function wrongTypes(schema: JsonSchema): unknown[] {
  const allowed = new Set(typesOf(schema));
  const candidates: [string, unknown][] = [
    ['string', 'a string'],
    ['integer', 42],
    ['number', 4.5],
    ['boolean', true],
    ['object', { nested: 1 }],
    ['array', ['x']],
    ['null', null],
  ];
  return candidates
    .filter(([t]) => !allowed.has(t) && !(t === 'integer' && allowed.has('number')))
    .map(([, v]) => v);
}

/** Arbitrary bad values of one field, each with what it breaks. */
export function badValues(
  doc: OpenApiDocument,
  raw: JsonSchema,
): fc.Arbitrary<{ value: unknown; what: string }> {
  const alts = branches(doc, raw);
  const s = alts[0] ?? {};
  const nullable =
    typesOf(resolve(doc, raw)).includes('null') ||
    (resolve(doc, raw).anyOf ?? []).some((a: JsonSchema) => a.type === 'null');
  const out: fc.Arbitrary<{ value: unknown; what: string }>[] = [];
  const wrong = wrongTypes(alts.length > 1 ? { type: alts.flatMap(typesOf) } : s).filter(
    (v) => !(v === null && nullable),
  );
  if (nonEmpty(wrong))
    out.push(
      fc
        .constantFrom(...wrong)
        .map((value) => ({ value, what: `wrong type ${JSON.stringify(value)}` })),
    );
  const type = typesOf(s).find((t) => t !== 'null');
  if (s.enum) {
    out.push(
      fc
        .string({ minLength: 0, maxLength: 20 })
        .filter((v) => !s.enum.includes(v))
        .map((value) => ({ value, what: 'a value outside the enum' })),
    );
  } else if (type === 'string') {
    if (typeof s.maxLength === 'number') {
      out.push(
        fc
          .integer({ min: s.maxLength + 1, max: s.maxLength * 2 + 10 })
          .map((n) => ({ value: 'é'.repeat(n), what: `${n} characters (max ${s.maxLength})` })),
      );
    }
    if ((s.minLength ?? 0) >= 1 && !s.format)
      out.push(fc.constant({ value: '', what: 'an empty string' }));
    if (s.format === 'uri')
      out.push(
        fc.constantFrom(...NOT_HTTP_URIS).map((value) => ({ value, what: `the URI ${value}` })),
      );
    if (s.format === 'date')
      out.push(
        fc.constantFrom(...BAD_DATES).map((value) => ({ value, what: `the date ${value}` })),
      );
    if (s.format === 'date-time')
      out.push(
        fc
          .constantFrom(...BAD_DATE_TIMES)
          .map((value) => ({ value, what: `the date-time ${value}` })),
      );
    if (s.format === 'uuid')
      out.push(
        fc.constantFrom(...BAD_UUIDS).map((value) => ({ value, what: `the uuid ${value}` })),
      );
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      out.push(
        fc
          .oneof(fc.string({ maxLength: 80 }), fc.constantFrom('<script>', 'a b', 'x'.repeat(200)))
          .filter((v) => !re.test(v))
          .map((value) => ({ value, what: `${JSON.stringify(value)} against ${s.pattern}` })),
      );
    }
  } else if (type === 'integer' || type === 'number') {
    const bad: number[] = [];
    if (typeof s.minimum === 'number') bad.push(s.minimum - 1);
    if (typeof s.maximum === 'number') bad.push(s.maximum + 1, 1e21);
    if (type === 'integer') bad.push(1.5);
    if (nonEmpty(bad))
      out.push(fc.constantFrom(...bad).map((value) => ({ value, what: `the number ${value}` })));
  } else if (type === 'array') {
    if (typeof s.maxItems === 'number') {
      const item = sample(doc, s.items ?? {});
      out.push(
        fc.integer({ min: s.maxItems + 1, max: s.maxItems + 5 }).map((n) => ({
          value: Array.from({ length: n }, () => item),
          what: `${n} items (max ${s.maxItems})`,
        })),
      );
    }
    if ((s.minItems ?? 0) >= 1) out.push(fc.constant({ value: [], what: 'an empty array' }));
    // A bad element.
    if (s.items)
      out.push(
        badValues(doc, s.items).map(({ value, what }) => ({
          value: [value],
          what: `an item with ${what}`,
        })),
      );
  } else if (type === 'object') {
    out.push(
      fc.constant({
        value: { ...(sample(doc, s) as object), zz_unknown_field: 1 },
        what: 'an unknown nested field',
      }),
    );
  }
  if (out.length === 0)
    throw new Error(`no bad value for the schema ${JSON.stringify(s).slice(0, 200)}`);
  return fc.oneof(...out);
}

/** The request body fields of `op`, one level into nested objects and arrays of objects. */
export function bodyFields(
  doc: OpenApiDocument,
  schema: JsonSchema,
): { path: (string | number)[]; schema: JsonSchema }[] {
  const out: { path: (string | number)[]; schema: JsonSchema }[] = [];
  const walk = (s: JsonSchema, path: (string | number)[], depth: number) => {
    const obj = branches(doc, s).find((b) => typesOf(b).includes('object'));
    if (!obj?.properties) return;
    for (const [name, child] of Object.entries<JsonSchema>(obj.properties)) {
      const p = [...path, name];
      out.push({ path: p, schema: child });
      if (depth >= 2) continue;
      const c = branches(doc, child)[0] ?? {};
      if (typesOf(c).includes('object')) walk(c, p, depth + 1);
      if (typesOf(c).includes('array') && c.items) walk(c.items, [...p, 0], depth + 1);
    }
  };
  walk(schema, [], 0);
  return out;
}

/** `base` with `value` at `path`, the missing parents filled with valid samples. */
export function setPath(
  doc: OpenApiDocument,
  schema: JsonSchema,
  base: unknown,
  path: (string | number)[],
  value: unknown,
): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const s =
    branches(doc, schema).find((b) => typesOf(b).some((t) => t === 'object' || t === 'array')) ??
    {};
  if (typeof head === 'number') {
    const arr = Array.isArray(base) ? [...base] : [];
    const itemSchema = s.items ?? {};
    const current = arr[head] ?? sample(doc, itemSchema);
    arr[head] = setPath(doc, itemSchema, current, rest, value);
    return arr;
  }
  const obj = { ...((base && typeof base === 'object' ? base : {}) as Record<string, unknown>) };
  const childSchema = s.properties?.[head!] ?? {};
  const current = head! in obj ? obj[head!] : sample(doc, childSchema);
  obj[head!] = setPath(doc, childSchema, current, rest, value);
  return obj;
}

const fieldName = (path: (string | number)[]) =>
  path.reduce<string>(
    (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p),
    '',
  );

const withQuery = (base: BaseRequest, name: string, value: string): BaseRequest => ({
  ...base,
  query: [...base.query.filter(([n]) => n !== name), [name, value]],
});

/** Every kind of bad request for `op`, as one arbitrary. */
export function badCases(doc: OpenApiDocument, op: Operation): fc.Arbitrary<BadCase> {
  const kinds: fc.Arbitrary<BadCase>[] = [];

  for (const p of op.params.filter((x) => x.in === 'path')) {
    const bad =
      p.schema.format === 'uuid'
        ? fc.oneof(
            fc.constantFrom(...BAD_UUIDS.filter((u) => u !== '../../etc/passwd')),
            fc.string({ minLength: 1, maxLength: 40 }).filter((v) => !/^[0-9a-f-]{36}$/i.test(v)),
          )
        : fc.constantFrom('x'.repeat(300), '%ff%fe', '\u0000');
    kinds.push(
      bad.map((value) => ({
        kind: 'path',
        what: `path {${p.name}} = ${JSON.stringify(value).slice(0, 60)}`,
        apply: (b) => ({ ...b, path: b.path.replace(`__${p.name}__`, encodeURIComponent(value)) }),
        expect: { statuses: [400, 404] },
      })),
    );
  }

  for (const p of op.params.filter((x) => x.in === 'query')) {
    let values: fc.Arbitrary<{ value: string; what: string }>;
    if (p.name === 'starting_after') {
      values = fc.oneof(
        fc
          .string({ minLength: 1, maxLength: 200 })
          .map((value) => ({ value, what: 'a made-up cursor' })),
        fc.constant({ value: 'x'.repeat(600), what: 'a 600-character cursor' }),
      );
    } else {
      const itemSchema = typesOf(p.schema).includes('array')
        ? resolve(doc, p.schema.items ?? {})
        : p.schema;
      values = badValues(doc, itemSchema)
        // Query values are text: a number is a fine string, so only the other breaks count there.
        .filter(
          ({ value, what }) =>
            (typeof value === 'string' || typeof value === 'number') &&
            !(typesOf(itemSchema).includes('string') && what.startsWith('wrong type')),
        )
        .map(({ value, what }) => ({ value: String(value), what }));
      if (typesOf(itemSchema).includes('integer')) {
        values = fc.oneof(
          values,
          fc
            .constantFrom('abc', '', '1x', '-', '1.5.2')
            .map((value) => ({ value, what: `"${value}"` })),
        );
      }
    }
    kinds.push(
      values.map(({ value, what }) => ({
        kind: 'query',
        what: `query ${p.name}: ${what}`,
        apply: (b) => withQuery(b, p.name, value),
        expect: { statuses: [400], code: 'invalid_request', names: p.name },
      })),
    );
  }

  for (const p of op.params.filter(
    (x) => x.in === 'header' && typeof x.schema.maxLength === 'number',
  )) {
    kinds.push(
      fc.integer({ min: p.schema.maxLength + 1, max: p.schema.maxLength + 300 }).map((n) => ({
        kind: 'header',
        what: `header ${p.name} of ${n} characters`,
        apply: (b) => ({ ...b, headers: { ...b.headers, [p.name]: 'k'.repeat(n) } }),
        expect: { statuses: [400], code: 'invalid_request' },
      })),
    );
  }

  if (op.body) {
    const schema = op.body;
    const fields = bodyFields(doc, schema);
    const baseBody = () => sample(doc, schema);
    kinds.push(
      fc
        .constantFrom(...fields)
        .chain((field) => badValues(doc, field.schema).map((bad) => ({ field, bad })))
        .map(({ field, bad }) => ({
          kind: 'body field',
          what: `body ${fieldName(field.path)}: ${bad.what}`,
          apply: (b) => ({
            ...b,
            body: { json: setPath(doc, schema, baseBody(), field.path, bad.value) },
          }),
          expect: {
            statuses: [422],
            code: 'validation_failed',
            names: String(field.path.filter((x) => typeof x === 'string').at(-1)),
          },
        })),
    );
    kinds.push(
      fc
        .stringMatching(/^[a-z][a-z_]{2,20}$/)
        .filter((name) => !(name in (schema.properties ?? {})))
        .map((name) => ({
          kind: 'unknown field',
          what: `unknown body field ${name}`,
          apply: (b) => ({ ...b, body: { json: { ...(baseBody() as object), [name]: 'x' } } }),
          expect: { statuses: [422], code: 'validation_failed', names: name },
        })),
    );
    kinds.push(
      fc.constantFrom<unknown>([], [1], 'a string', 42, true, null).map((json) => ({
        kind: 'body type',
        what: `body ${JSON.stringify(json)}`,
        apply: (b) => ({ ...b, body: { json } }),
        expect: { statuses: [400, 422] },
      })),
    );
    kinds.push(
      fc
        .oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom(
            '{',
            '{"name": }',
            "{'name': 'x'}",
            '{"a":1}{',
            'NaN',
            '{"name":"x",}',
            '\u0000',
          ),
        )
        .filter((text) => {
          try {
            JSON.parse(text);
            return false;
          } catch {
            return true;
          }
        })
        .map((text) => ({
          kind: 'invalid JSON',
          what: `body text ${JSON.stringify(text)}`,
          apply: (b) => ({ ...b, body: { raw: text, contentType: 'application/json' } }),
          expect: { statuses: [400], code: 'invalid_request' },
        })),
    );
    kinds.push(
      fc
        .record({
          bytes: fc.constantFrom(
            [0xff],
            [0xc3, 0x28],
            [0xe2, 0x82],
            [0xed, 0xa0, 0x80],
            [0xf8, 0x88, 0x80, 0x80, 0x80],
            [0xc0, 0xaf],
          ),
          field: fc.constantFrom(
            ...fields
              .filter(
                (f) =>
                  f.path.length === 1 &&
                  typesOf(branches(doc, f.schema)[0] ?? {}).includes('string') &&
                  !branches(doc, f.schema)[0]?.format &&
                  !branches(doc, f.schema)[0]?.enum &&
                  !branches(doc, f.schema)[0]?.pattern,
              )
              .map((f) => String(f.path[0]))
              .concat(['zz']),
          ),
        })
        .map(({ bytes, field }) => ({
          kind: 'invalid UTF-8',
          what: `bytes ${bytes.map((x) => x.toString(16)).join(' ')} in body field ${field}`,
          apply: (b) => {
            const body = { ...(baseBody() as object), [field]: 'MARK' };
            const [before, after] = JSON.stringify(body).split('MARK') as [string, string];
            const enc = new TextEncoder();
            return {
              ...b,
              body: {
                raw: new Uint8Array([
                  ...enc.encode(before),
                  0x41,
                  ...bytes,
                  0x42,
                  ...enc.encode(after),
                ]),
                contentType: 'application/json',
              },
            };
          },
          expect: { statuses: [400], code: 'invalid_request' },
        })),
    );
    const textFields = fields.filter((f) => {
      const b = branches(doc, f.schema)[0] ?? {};
      return typesOf(b).includes('string') && !b.enum;
    });
    if (textFields.length > 0) {
      kinds.push(
        fc
          .record({
            field: fc.constantFrom(...textFields),
            text: fc.constantFrom('a\u0000b', '\u0000', 'x\ud800y', '\udc00'),
          })
          .map(({ field, text }) => ({
            kind: 'unstorable text',
            what: `body ${fieldName(field.path)}: ${JSON.stringify(text)}`,
            apply: (b) => ({
              ...b,
              body: { json: setPath(doc, schema, baseBody(), field.path, text) },
            }),
            expect: {
              statuses: [422],
              code: 'validation_failed',
              names: String(field.path.filter((x) => typeof x === 'string').at(-1)),
            },
          })),
      );
    }
    kinds.push(
      fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'text/html',
          null,
        )
        .map((contentType) => ({
          kind: 'content type',
          what: `a JSON body sent as ${contentType ?? 'no content type'}`,
          apply: (b) => ({ ...b, body: { raw: JSON.stringify(baseBody()), contentType } }),
          expect: { statuses: [415], code: 'unsupported_media_type' },
        })),
    );
  }
  // Every operation: text PostgreSQL cannot store, in the query or the path.
  const queryNames = op.params.filter((x) => x.in === 'query').map((x) => x.name);
  kinds.push(
    fc.record({ name: fc.constantFrom(...queryNames, 'q'), at: fc.nat(5) }).map(({ name, at }) => ({
      kind: 'NUL',
      what: `a NUL character in the query value ${name}`,
      apply: (b) => withQuery(b, name, `${'a'.repeat(at)}\u0000`),
      expect: { statuses: [400], code: 'invalid_request' },
    })),
    fc.constant<BadCase>({
      kind: 'NUL',
      what: 'a NUL character in the path',
      apply: (b) => ({ ...b, path: `${b.path}%00` }),
      expect: { statuses: [400, 404] },
    }),
  );
  if (kinds.length === 0) throw new Error(`${op.label}: nothing to vary`);
  return fc.oneof(...kinds);
}
