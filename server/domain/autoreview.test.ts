import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointOf, openAiReviewer } from './autoreview.ts';

// The OpenAI-compatible adapter against a local server that speaks chat completions.

let server: Server;
let url: string;
let answer: (
  body: { model: string; messages: { role: string; content: string }[] },
  req: IncomingMessage,
) => unknown;
const seen: {
  auth: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as (typeof seen)[number]['body'];
      seen.push({ auth: req.headers.authorization, body });
      const out = answer(body, req);
      if (out === 'hang') return;
      if (typeof out === 'number') {
        res.writeHead(out).end('{"error":"x"}');
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(typeof out === 'string' ? out : JSON.stringify(out));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const chat = (content: string | null) => ({
  choices: [{ index: 0, message: { role: 'assistant', content } }],
});
const input = {
  campaignId: 'c',
  taskId: 't',
  prompt: 'SECRET-PROMPT: the serum bottle is visible',
  mediaType: 'video' as const,
  mediaUrl: 'https://cdn.example.com/a.mp4',
  requirements: {
    title: 'Routine',
    instructions: 'Show the serum',
    platforms: ['tiktok'],
    formats: ['story_video'],
  },
  media: { content_type: 'video/mp4', size_bytes: 10, width: 180, height: 320, duration_s: 3 },
};

function capture() {
  const lines: string[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  return { logger, lines };
}

describe('automatic review through an OpenAI-compatible endpoint', () => {
  it('adds /chat/completions to a base URL and keeps a full endpoint', () => {
    expect(endpointOf('https://api.example.com/v1/')).toBe(
      'https://api.example.com/v1/chat/completions',
    );
    expect(endpointOf('https://x.test/v1/chat/completions')).toBe(
      'https://x.test/v1/chat/completions',
    );
  });

  it('sends the model, the prompt, the requirements and the media facts with the key; approve and reject verdicts decide', async () => {
    const reviewer = openAiReviewer({
      url,
      model: 'test-model',
      apiKey: 'sk-SECRET-KEY',
      timeoutMs: 2_000,
    });
    answer = () => chat('{"verdict": "approve", "reason": "The bottle is on screen."}');
    expect(await reviewer.review(input)).toEqual({
      decision: 'approved',
      reason: 'The bottle is on screen.',
    });
    const sent = seen.at(-1)!;
    expect(sent.auth).toBe('Bearer sk-SECRET-KEY');
    expect(sent.body.model).toBe('test-model');
    const user = JSON.parse(sent.body.messages.at(-1)!.content) as Record<string, unknown>;
    expect(user).toMatchObject({
      review_prompt: input.prompt,
      task: input.requirements,
      media_facts: input.media,
    });

    answer = () =>
      chat('Sure! ```json\n{"verdict":"reject","reason":"Show the bottle label."}\n```');
    expect(await reviewer.review(input)).toEqual({
      decision: 'rejected',
      feedback: 'Show the bottle label.',
    });
  });

  it.each([
    [
      'prose without a verdict',
      () => chat('I think it is fine'),
      'the automatic reviewer gave no clear decision',
    ],
    [
      'an unknown verdict',
      () => chat('{"verdict":"maybe","reason":"x"}'),
      'the automatic reviewer gave no clear decision',
    ],
    ['an empty message', () => chat(null), 'the automatic reviewer gave no clear decision'],
    [
      'a body that is not JSON',
      () => 'not json',
      'the automatic reviewer’s answer could not be read',
    ],
    ['no choices', () => ({ choices: [] }), 'the automatic reviewer gave no clear decision'],
    ['an error status', () => 500, 'the automatic reviewer failed (error 500)'],
  ])('%s leaves the submission for the buyer', async (_what, reply, reason) => {
    answer = reply;
    const reviewer = openAiReviewer({ url, model: 'm', apiKey: null, timeoutMs: 2_000 });
    expect(await reviewer.review(input)).toEqual({ decision: 'left_for_buyer', reason });
  });

  it('times out, and never logs the prompt or the key', async () => {
    answer = () => 'hang';
    const { logger, lines } = capture();
    const reviewer = openAiReviewer(
      { url, model: 'm', apiKey: 'sk-SECRET-KEY', timeoutMs: 150 },
      logger,
    );
    expect(await reviewer.review(input)).toEqual({
      decision: 'left_for_buyer',
      reason: 'the automatic reviewer did not answer in time (150 ms)',
    });
    answer = () => 503;
    await reviewer.review(input);
    const logged = lines.join('\n');
    expect(logged).toContain('automatic review gave no verdict');
    expect(logged).not.toContain('SECRET-PROMPT');
    expect(logged).not.toContain('sk-SECRET-KEY');
  });

  it('an endpoint that cannot be reached leaves it for the buyer', async () => {
    const reviewer = openAiReviewer({
      url: 'http://127.0.0.1:1/v1',
      model: 'm',
      apiKey: null,
      timeoutMs: 1_000,
    });
    expect(await reviewer.review(input)).toEqual({
      decision: 'left_for_buyer',
      reason: 'the automatic reviewer could not be reached',
    });
  });
});
