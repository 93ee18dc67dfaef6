import type { Logger } from 'pino';
import { z } from 'zod';
import type { ReviewDecision, ReviewInput, Reviewer } from './reviewer.ts';

// Automatic review through an OpenAI-compatible chat-completions endpoint (docs/review-bar.md#autoreview):
// the task's prompt, its requirements and what inspection found go in; a JSON verdict comes out.
// Anything but a well-formed verdict in time (timeout, error status, unreadable answer) leaves the
// submission for the buyer with the reason. Logs carry the status and the error only: never the
// prompt, the request body or the key.

export interface AutoreviewConfig {
  /** The endpoint, or a base URL to which /chat/completions is added. */
  url: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

const Verdict = z.object({
  verdict: z.enum(['approve', 'reject']),
  reason: z.string().trim().min(1).max(2_000),
});

const ChatAnswer = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const SYSTEM = [
  'You review short social media content submitted by a creator for a brand campaign.',
  "Decide whether the submission satisfies the brand's review prompt, given the task and the media facts.",
  'Answer with one JSON object only: {"verdict": "approve" | "reject", "reason": "<one or two sentences>"}.',
  'When rejecting, the reason is sent to the creator: say what to change.',
].join(' ');

export function endpointOf(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

function userMessage(input: ReviewInput) {
  return JSON.stringify({
    review_prompt: input.prompt,
    task: input.requirements ?? null,
    media_type: input.mediaType,
    media_url: input.mediaUrl,
    media_facts: input.media ?? null,
  });
}

/** Reads a verdict out of a model's text (which may wrap the JSON in prose or a code fence). */
export function readVerdict(content: string | null): z.infer<typeof Verdict> | null {
  if (!content) return null;
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed = Verdict.safeParse(JSON.parse(content.slice(start, end + 1)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A wait in plain words: "20 seconds", "150 ms". */
const waited = (ms: number) =>
  ms >= 1000 ? `${Math.round(ms / 100) / 10} second${ms === 1000 ? '' : 's'}` : `${ms} ms`;

// The reasons below are shown to the brand beside the submission (docs/review-bar.md): plain
// words, no endpoint or format; the log line keeps the technical detail.
export function openAiReviewer(config: AutoreviewConfig, logger?: Pick<Logger, 'warn'>): Reviewer {
  const endpoint = endpointOf(config.url);
  const leave = (reason: string, extra: Record<string, unknown> = {}): ReviewDecision => {
    logger?.warn({ endpoint, ...extra }, `automatic review gave no verdict: ${reason}`);
    return { decision: 'left_for_buyer', reason };
  };
  return {
    async review(input) {
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            temperature: 0,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: SYSTEM },
              { role: 'user', content: userMessage(input) },
            ],
          }),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (err) {
        const timedOut =
          err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        return leave(
          timedOut
            ? `the automatic reviewer did not answer in time (${waited(config.timeoutMs)})`
            : 'the automatic reviewer could not be reached',
          {
            error: err instanceof Error ? err.message : String(err),
          },
        );
      }
      if (!res.ok) {
        await res.body?.cancel();
        return leave(`the automatic reviewer failed (error ${res.status})`, { status: res.status });
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        return leave('the automatic reviewer’s answer could not be read');
      }
      const answer = ChatAnswer.safeParse(body);
      const verdict = answer.success ? readVerdict(answer.data.choices[0]!.message.content) : null;
      if (!verdict) return leave('the automatic reviewer gave no clear decision');
      return verdict.verdict === 'approve'
        ? { decision: 'approved', reason: verdict.reason }
        : { decision: 'rejected', feedback: verdict.reason };
    },
  };
}
