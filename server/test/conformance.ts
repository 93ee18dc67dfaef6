import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { App } from '../app.ts';

// Every answer a service test gets is held against the OpenAPI document the same app serves
// (docs/api.md; decision 0086): the status must be declared for the operation, each header of
// ours it carries must be declared on that answer, and a JSON body must match the declared
// schema. The harness records each answer it gets and fails the file at its end with every
// difference found, so the documents describe what the service really sends, measured
// over the whole service suite rather than a sample.

type Json = Record<string, unknown>;
interface ResponseSpec {
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: Json }>;
}
interface OperationSpec {
  responses?: Record<string, ResponseSpec>;
}
interface Document {
  paths: Record<string, Record<string, OperationSpec>>;
  components?: Json;
}

/** The headers the service itself sets; a client must be able to find each in the document. */
const OUR_HEADERS = [
  'x-request-id',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'allow',
  'idempotent-replay',
];
const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];
const BASES = ['/2026-07', '/ops'];

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface Loaded {
  doc: Document;
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
  templates: { template: string; pattern: RegExp; literals: number }[];
}

const loaded = new WeakMap<App, Map<string, Promise<Loaded | null>>>();
const problems = new Set<string>();

async function load(app: App, base: string): Promise<Loaded | null> {
  const res = await app.request(`${base}/openapi.json`);
  if (res.status !== 200) return null;
  const doc = (await res.json()) as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'doc' } as Json, 'doc');
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    pattern: new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
    ),
    literals: template.split('/').filter((s) => s && !s.startsWith('{')).length,
  }));
  return { doc, ajv, validators: new Map(), templates };
}

function documentOf(app: App, base: string): Promise<Loaded | null> {
  let byBase = loaded.get(app);
  if (!byBase) loaded.set(app, (byBase = new Map()));
  let doc = byBase.get(base);
  if (!doc) byBase.set(base, (doc = load(app, base)));
  return doc;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

interface Answer {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
}
const recorded: { app: App; method: string; url: string; answer: Answer }[] = [];

/**
 * Keeps an answer to check at the end of the file (`conformanceProblems`): reading the document
 * then, not between a test's requests, leaves what a test observes (logs, counters) untouched.
 */
export function recordAnswer(app: App, method: string, url: string, answer: Answer): void {
  recorded.push({ app, method, url, answer });
}

/** Checks one answer against the document its app serves; adds each difference to `found`. */
export async function checkAnswer(
  app: App,
  method: string,
  url: string,
  answer: Answer,
  found: Set<string>,
): Promise<void> {
  const path = url.split('?')[0]!;
  const base = BASES.find((b) => path === b || path.startsWith(`${b}/`));
  if (!base) return;
  const spec = await documentOf(app, base);
  if (!spec) return;
  const rest = path.slice(base.length) || '/';
  const match = spec.templates
    .filter((t) => t.pattern.test(rest))
    .sort((a, b) => b.literals - a.literals)[0];
  // An unknown path (404) belongs to no operation.
  if (!match) return;
  const item = spec.doc.paths[match.template]!;
  const verb = method.toLowerCase();
  // CORS preflights are the browser's protocol, not operations.
  if (verb === 'options') return;
  // Another method on a known path answers 405 for the path (every operation declares it), or
  // whatever the edge refuses first (a body over the limit: 413), which belongs to no operation.
  const ops = item[verb] ? [[verb, item[verb]] as const] : Object.entries(item);
  if (!item[verb] && answer.status !== 405) return;
  const [opVerb, op] = ops.find(([m]) => METHODS.includes(m)) ?? [];
  if (!op || !opVerb) return;
  const where = `${method.toUpperCase()} ${base}${match.template} ${answer.status}`;
  const response = op.responses?.[String(answer.status)] ?? op.responses?.default;
  if (!response) {
    found.add(`${where}: status not declared`);
    return;
  }
  const declared = new Set(Object.keys(response.headers ?? {}).map((h) => h.toLowerCase()));
  for (const name of OUR_HEADERS) {
    if (answer.headers.has(name) && !declared.has(name)) {
      found.add(`${where}: header ${name} sent but not declared`);
    }
  }
  const type = answer.headers.get('content-type')?.split(';')[0]?.trim();
  if (type === 'application/json' && answer.json !== undefined) {
    const mediaType = Object.keys(response.content ?? {}).find((t) => t.endsWith('json'));
    if (!mediaType) {
      found.add(`${where}: JSON body but no JSON content declared`);
      return;
    }
    const ref = `doc#/${pointer('paths', match.template, opVerb, 'responses', response === op.responses?.default ? 'default' : String(answer.status), 'content', mediaType, 'schema')}`;
    let validate = spec.validators.get(ref);
    if (!validate) {
      validate = spec.ajv.compile({ $ref: ref });
      spec.validators.set(ref, validate);
    }
    if (!validate(answer.json)) {
      const e = validate.errors?.[0];
      found.add(`${where}: body does not match (${e?.instancePath || '/'} ${e?.message ?? ''})`);
    }
  }
}

/** Checks what was recorded since the last call; the differences found, once each, sorted. */
export async function conformanceProblems(): Promise<string[]> {
  for (const { app, method, url, answer } of recorded.splice(0)) {
    await checkAnswer(app, method, url, answer, problems);
  }
  // Service test files may share a worker (isolate: false): each file reports its own, once.
  const found = [...problems].sort();
  problems.clear();
  return found;
}
