import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A reader must be able to follow every reference: code and docs cite pages of `docs/` with stable
// anchors (docs/api.md is the reference of the interface), never a text the repository does not
// hold. This test reads every source and documentation file of the repository.

const root = resolve(import.meta.dirname, '..');
const skip = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);
const sourceExtensions = /\.(ts|tsx|mjs|js|sql|md)$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (sourceExtensions.test(entry.name)) out.push(path);
  }
  return out;
}

const files = filesUnder(root).filter((f) => !f.endsWith('openapi-api.ts'));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    const text = readFileSync(file, 'utf8');
    anchors = new Set<string>();
    for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) anchors.add(slug(m[1]!));
    for (const m of text.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(m[1]!);
    anchorCache.set(file, anchors);
  }
  return anchors;
}

/** Texts outside the repository that comments used to cite. */
const foreignCitations = [
  /\bextensions?,? (?:2026-07,? )?(?:sections? |§ ?)\d/i,
  /\binterface (?:2026-07,? )?(?:section |§ ?)?\d+\.\d+/i,
  /\.\.\/shared\//,
  /\((?:see )?section \d+[),;:]/i,
];

describe('references a reader can follow', () => {
  it('no file cites a text the repository does not hold', () => {
    const found: string[] = [];
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (file === import.meta.filename) return;
        if (foreignCitations.some((re) => re.test(line))) {
          found.push(`${relative(root, file)}:${i + 1}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('every docs/…md#anchor cited in code and every link between docs pages exists', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const targets: { path: string; anchor: string | undefined }[] = [];
      // Citations in code and docs: a docs page, with or without an anchor (decisions too).
      for (const m of text.matchAll(/\bdocs\/([\w./-]+?\.md)(?:#([\w-]+))?/g)) {
        targets.push({ path: join(root, 'docs', m[1]!), anchor: m[2] });
      }
      // Markdown links with a relative target in docs pages and the README.
      if (file.endsWith('.md')) {
        for (const m of text.matchAll(/\]\((?!https?:|#|mailto:)([^)\s#]+\.md)(?:#([\w-]+))?\)/g)) {
          targets.push({ path: resolve(dirname(file), m[1]!), anchor: m[2] });
        }
        for (const m of text.matchAll(/\]\(#([\w-]+)\)/g)) {
          targets.push({ path: file, anchor: m[1] });
        }
      }
      for (const target of targets) {
        checked += 1;
        const where = `${relative(root, file)} → ${relative(root, target.path)}${target.anchor ? `#${target.anchor}` : ''}`;
        if (!existsSync(target.path)) broken.push(`${where} (no such page)`);
        else if (target.anchor && !anchorsOf(target.path).has(target.anchor)) {
          broken.push(`${where} (no such anchor)`);
        }
      }
    }
    expect(broken).toEqual([]);
    // A positive control: the suite did read citations (the pattern still matches the code).
    expect(checked).toBeGreaterThan(100);
  });

  it('the decisions index lists every decision with a status', () => {
    const dir = join(root, 'docs', 'decisions');
    const index = readFileSync(join(dir, 'README.md'), 'utf8');
    const decisions = readdirSync(dir).filter((f) => /^\d{4}-.+\.md$/.test(f));
    const missing = decisions.filter(
      (f) =>
        !new RegExp(
          `^\\| \\[\\d{4}\\]\\(${f.replace('.', '\\.')}\\) +\\|[^|]+\\| *(active|amended by|superseded by)`,
          'm',
        ).test(index),
    );
    expect(missing).toEqual([]);
    expect(decisions.length).toBeGreaterThan(80);
  });

  it('the anchor rule matches GitHub headings', () => {
    expect(slug('The platform side (`/ops`)')).toBe('the-platform-side-ops');
    expect(slug("The brand's sign-off (`settings.brand_approval_required`)")).toBe(
      'the-brands-sign-off-settingsbrand_approval_required',
    );
  });
});
