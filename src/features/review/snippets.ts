const STORAGE_KEY = 'campaign-console.review-snippets';

/** Feedback most reviews need; the reviewer's own snippets follow them. */
export const BUILT_IN_SNIPPETS: readonly string[] = [
  'Please add the paid-partnership / ad disclosure.',
  'Please use the exact caption from the brief.',
  'Please use the required sound.',
  'The product needs to be clearly visible in the first 3 seconds.',
];

/** The reviewer's saved snippets (this browser only). */
export function readSavedSnippets(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Saves a snippet (once); answers the new list. */
export function saveSnippet(text: string): string[] {
  const trimmed = text.trim();
  const saved = readSavedSnippets();
  if (!trimmed || saved.includes(trimmed) || BUILT_IN_SNIPPETS.includes(trimmed)) return saved;
  const next = [...saved, trimmed].slice(-20);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the snippet lives for this session only.
  }
  return next;
}
