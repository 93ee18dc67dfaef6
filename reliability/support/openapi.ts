// The operations under /2026-07, read from the OpenAPI document the service serves, so every new
// route is covered by the isolation and bad-input parts without anyone listing it here.

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON Schema is untyped JSON */
export type JsonSchema = Record<string, any>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path relative to /2026-07, e.g. `/campaigns/{campaign_id}`. */
  path: string;
  /** `POST /campaigns/{campaign_id}/publish` */
  label: string;
  /** The scope the operation's security requirement names, or null (any valid key / public). */
  scope: string | null;
  /** No security requirement at all (the OpenAPI document itself). */
  isPublic: boolean;
  params: Parameter[];
  /** The JSON request body's schema, refs resolved at the top, or null. */
  body: JsonSchema | null;
  bodyRequired: boolean;
  /** Content types the request body is documented with. */
  bodyTypes: string[];
  responses: Record<string, any>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const security: Record<string, string[]>[] | undefined = op.security;
      const isPublic = Array.isArray(security) && security.length === 0;
      const scopes = (security ?? []).flatMap((req) => Object.values(req).flat());
      const params: Parameter[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(
        (p: any) => ({
          in: p.in,
          name: p.name,
          required: Boolean(p.required),
          schema: resolve(doc, p.schema ?? {}),
        }),
      );
      const content = op.requestBody?.content ?? {};
      const bodyTypes = Object.keys(content);
      const jsonSchema = content['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        label: `${method.toUpperCase()} ${path}`,
        scope: scopes[0] ?? null,
        isPublic,
        params,
        body: jsonSchema ? resolve(doc, jsonSchema) : null,
        bodyRequired: Boolean(op.requestBody?.required),
        bodyTypes,
        responses: op.responses ?? {},
      });
    }
  }
  return out;
}

/** The schema a `$ref` points at (one level; call again on nested schemas). */
export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let s = schema;
  for (let i = 0; i < 20 && typeof s?.$ref === 'string'; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved $ref ${s.$ref}`);
    s = { ...target, ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== '$ref')) };
  }
  return s;
}

/** The branches of a schema that may be one of several (anyOf/oneOf), null branches left out. */
export function branches(doc: OpenApiDocument, schema: JsonSchema): JsonSchema[] {
  const s = resolve(doc, schema);
  const alts: JsonSchema[] | undefined = s.anyOf ?? s.oneOf;
  if (!alts) return [s];
  return alts.map((a) => resolve(doc, a)).filter((a) => a.type !== 'null');
}

export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.enum) return [typeof schema.enum[0] === 'number' ? 'number' : 'string'];
  if (schema.properties) return ['object'];
  return [];
}

/**
 * A small valid value of `schema`: required properties only, the first enum value, the minimum
 * items. Formats get a fixed valid value. Used as the valid base that bad-input cases mutate.
 */
export function sample(doc: OpenApiDocument, schema: JsonSchema, depth = 0): unknown {
  if (depth > 12) throw new Error('schema too deep to sample');
  const s = branches(doc, schema)[0] ?? {};
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const type = typesOf(s).find((t) => t !== 'null');
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? [])
        out[name] = sample(doc, s.properties?.[name] ?? {}, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(doc, s.items ?? {}, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string':
      return sampleString(s);
    default:
      return null;
  }
}

function sampleString(s: JsonSchema): string {
  switch (s.format) {
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'uri':
      return 'https://example.com/x';
    case 'date':
      return '2030-01-15';
    case 'date-time':
      return '2030-01-15T10:00:00.000Z';
    case 'email':
      return 'someone@example.com';
  }
  if (s.pattern === '^[A-Za-z0-9_-]{4,64}$') return 'CODE1234';
  const min = s.minLength ?? 1;
  return 'x'.repeat(Math.max(min, 1));
}

/** `/campaigns/{campaign_id}` with the values of `params`; fails on a parameter without a value. */
export function fillPath(op: Operation, params: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(
        `${op.label}: no fixture for the path parameter {${name}}; add one to reliability/support/world.ts`,
      );
    }
    return encodeURIComponent(value);
  });
}

export const pathParamsOf = (op: Operation) =>
  op.params.filter((p) => p.in === 'path').map((p) => p.name);
