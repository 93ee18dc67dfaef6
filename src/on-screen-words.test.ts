import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Words a person reads (issue 25, item 10; docs/decisions/0167-polish-dark-appearance-and-reduced-motion.md):
// no doubled word ("signed in in"), no setting's name ("AUTOREVIEW_URL") and no implementation
// word ("Derived from the completion mode", "movie header") in the dashboard's text. Reads the
// string literals and JSX text of every non-test file under src/ (comments are left out).

const root = resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The file without its comments, so only what can reach the screen is read. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const DOUBLED = /\b(in|the|a|an|to|of|and|is|for|on|with|by|it|be|at|as|or|you|your)\s+\1\b/i;
const JARGON = [
  // A setting's name inside a quoted text (an identifier such as STORAGE_KEY is code, not words).
  /(['"`])[^'"`\n]*?\b[A-Z][A-Z0-9]*_(?:URL|TOKEN|SECRET|DOMAIN|PORT|DIR)\b[^'"`\n]*\1/,
  /derived from the completion mode/i,
  /movie header/i,
  /\bMP4 container\b/i,
];

describe('words on screen', () => {
  const files = sources(root).map((file) => ({
    file: relative(root, file),
    text: withoutComments(readFileSync(file, 'utf8')),
  }));

  it('reads the dashboard’s sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('never doubles a word', () => {
    const found = files.flatMap(({ file, text }) => {
      const hit = DOUBLED.exec(text);
      return hit ? [`${file}: “${hit[0]}”`] : [];
    });
    expect(found).toEqual([]);
  });

  it('names no setting and no implementation detail', () => {
    const found = files.flatMap(({ file, text }) =>
      JARGON.flatMap((rule) => {
        const hit = rule.exec(text);
        return hit ? [`${file}: “${hit[0]}”`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('would catch them', () => {
    expect(DOUBLED.test('You stay signed in in this browser tab')).toBe(true);
    expect(JARGON.some((rule) => rule.test("'not configured (AUTOREVIEW_URL)'"))).toBe(true);
  });
});
