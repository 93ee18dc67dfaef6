// Reading a server-sent events stream in tests.

/**
 * Reads an SSE body in the background: calls `onBlock` with the lines of each message block (the
 * text between blank lines) and `onEnd` once the stream ends. Returns a function that cancels it.
 */
export function readSseBlocks(
  body: ReadableStream<Uint8Array>,
  onBlock: (lines: string[]) => void,
  onEnd: () => void,
): () => Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) {
        onEnd();
        return;
      }
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, cut).split('\n');
        buffer = buffer.slice(cut + 2);
        onBlock(lines);
      }
    }
  })();
  return () => reader.cancel();
}

/** Polls `check` every 10 ms until it holds; throws naming `what` after `ms` milliseconds. */
export async function waitUntil(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
