import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy*/waitFor wait 1 s by default; a two-core CI machine running the service in-process
// next to jsdom is sometimes slower than that. Files that need longer set their own.
configure({ asyncUtilTimeout: 5000 });

// A test that makes React (or anything else) print an error or warning fails: such messages
// point at real bugs (act() warnings, invalid DOM nesting, missing keys, bad ARIA).
let printed: string[] = [];

// jsdom has no layout and reports window.scrollTo as "not implemented"; the router's
// ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;

function format(...args: unknown[]): string {
  const show = (value: unknown) =>
    value instanceof Error
      ? (value.stack ?? value.message)
      : typeof value === 'string'
        ? value
        : String(value);
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(show).join(' ');
  // console's printf-style placeholders, as React uses them.
  const text = first.replace(/%[sdifoOc]/g, () => (rest.length ? show(rest.shift()) : ''));
  return [text, ...rest.map(show)].join(' ');
}

beforeEach(() => {
  printed = [];
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(`console.${method}: ${format(...args)}`);
    });
  }
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const messages = printed;
  printed = [];
  if (messages.length > 0) {
    throw new Error(`The test printed to the console:\n${messages.join('\n')}`);
  }
});
