import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_OPS_TOKEN, type TestContext } from '../test/harness.ts';

// Issue 27, item 10: a generated client's user should not need the guide. Both OpenAPI documents
// carry a description on every component schema and on the paging parameters and fields, and an
// example on every operation's success answer and JSON request body; every example validates
// against its schema.

interface MediaType {
  schema?: unknown;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { description?: string; properties?: object }> };
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

let ctx: TestContext;
const documents: Record<string, Document> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  for (const [name, path, key] of [
    ['api', '/2026-07/openapi.json', undefined],
    ['ops', '/ops/openapi.json', TEST_OPS_TOKEN],
  ] as const) {
    const res = await ctx.request('GET', path, key ? { key } : {});
    expect(res.status).toBe(200);
    documents[name] = res.json as Document;
  }
});
afterAll(async () => {
  await ctx.close();
});

/** Every operation of a document with where it is: `[path, method, operation]`. */
function operations(doc: Document): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]): [string, string, Operation] => [path, method, op]),
  );
}

/** The success answer of an operation: its 200 or 201. */
function success(op: Operation) {
  return op.responses?.['200'] ?? op.responses?.['201'];
}

/** A JSON pointer (RFC 6901) to use in a URI fragment: `~1` for `/`, then percent-encoded. */
const pointer = (...parts: string[]) =>
  parts.map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

describe.each(['api', 'ops'])('the %s document', (name) => {
  const doc = () => documents[name]!;

  it('describes every component schema', () => {
    const schemas = doc().components.schemas;
    const undescribed = Object.keys(schemas).filter((id) => !schemas[id]!.description?.trim());
    expect(Object.keys(schemas).length).toBeGreaterThan(10);
    expect(undescribed).toEqual([]);
  });

  it('describes the paging parameters and the page envelope', () => {
    const lists = operations(doc()).filter(([, , op]) =>
      op.parameters?.some((p) => p.name === 'starting_after'),
    );
    if (name === 'api') expect(lists.length).toBeGreaterThan(10);
    for (const [path, method, op] of lists) {
      for (const param of ['limit', 'starting_after']) {
        const found = op.parameters!.find((p) => p.name === param && p.in === 'query');
        expect(found?.description, `${method} ${path} ${param}`).toBeTruthy();
      }
    }
    for (const [id, schema] of Object.entries(doc().components.schemas)) {
      const props = schema.properties as Record<string, { description?: string }> | undefined;
      if (!props?.['next_cursor']) continue;
      expect(props['has_more']?.description, `${id}.has_more`).toBeTruthy();
      expect(props['next_cursor'].description, `${id}.next_cursor`).toMatch(/starting_after/);
    }
  });

  it('has an example on every success answer and every request body', () => {
    const missing: string[] = [];
    for (const [path, method, op] of operations(doc())) {
      const answer = success(op);
      expect(answer, `${method} ${path} has a 200 or 201 answer`).toBeDefined();
      for (const [type, media] of Object.entries(answer?.content ?? {}))
        if (media.example === undefined) missing.push(`${method} ${path} answer ${type}`);
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        if (media.example === undefined) missing.push(`${method} ${path} request body ${type}`);
    }
    expect(missing).toEqual([]);
  });

  it('has only examples that validate against their schemas', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema({ ...doc(), $id: 'doc' });
    const invalid: string[] = [];
    let checked = 0;
    for (const [path, method, op] of operations(doc())) {
      const places: [string, Record<string, MediaType> | undefined][] = [
        [pointer('paths', path, method, 'requestBody', 'content'), op.requestBody?.content],
        ...Object.entries(op.responses ?? {}).map(
          ([status, answer]): [string, Record<string, MediaType> | undefined] => [
            pointer('paths', path, method, 'responses', status, 'content'),
            answer.content,
          ],
        ),
      ];
      for (const [at, content] of places) {
        for (const [type, media] of Object.entries(content ?? {})) {
          if (media.example === undefined || media.schema === undefined) continue;
          const validate = ajv.compile({ $ref: `doc#/${at}/${pointer(type, 'schema')}` });
          checked++;
          if (!validate(media.example))
            invalid.push(`${method} ${path} ${type} (${at}): ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(name === 'api' ? 60 : 30);
  });
});
