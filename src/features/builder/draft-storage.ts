import { z } from 'zod';
import { browserStorage, readStored, removeStored } from '#lib/browser-storage';
import { emptyTask, type BuilderValues } from './builder-form';

/**
 * The builder's unsaved work, kept in localStorage so a reload or a crash loses nothing. One
 * entry per brand and builder (new campaign, or one campaign's edit). It holds the form's values
 * and the create's Idempotency-Key, never the API key.
 */

const PREFIX = 'campaign-console.builder';
const VERSION = 1;

export type DraftScope =
  { brandId: string; mode: 'create' } | { brandId: string; mode: 'edit'; campaignId: string };

export type StoredDraft = {
  savedAt: string;
  values: BuilderValues;
  /** The create's Idempotency-Key, so a retry after a reload is still the same request. */
  idempotencyKey?: string | undefined;
};

export function draftKey(scope: DraftScope): string {
  return scope.mode === 'create'
    ? `${PREFIX}.${scope.brandId}.create`
    : `${PREFIX}.${scope.brandId}.edit.${scope.campaignId}`;
}

// Loose on purpose: a draft is unfinished work, so only its shape is checked, not its rules.
const Stored = z.object({
  version: z.literal(VERSION),
  savedAt: z.iso.datetime({ offset: true }),
  idempotencyKey: z.string().min(1).max(255).optional(),
  values: z.looseObject({
    product: z.looseObject({}).optional(),
    settings: z.looseObject({}).optional(),
    tasks: z.array(z.looseObject({})).optional(),
    links: z.array(z.looseObject({})).optional(),
    video_examples: z.array(z.looseObject({ url: z.string() })).optional(),
  }),
});

const storage = () => browserStorage('local');

/** The saved draft over `base` (fields a draft lacks keep their clean value); null: none saved. */
export function readDraft(key: string, base: BuilderValues): StoredDraft | null {
  const parsed = readStored(storage(), key, (value) => Stored.parse(value));
  if (parsed === null) return null;
  const saved = parsed.values as Partial<BuilderValues>;
  const values: BuilderValues = {
    ...base,
    ...saved,
    product: { ...base.product, ...saved.product },
    settings: { ...base.settings, ...saved.settings },
    tasks: (saved.tasks ?? base.tasks).map((task) => ({ ...emptyTask(), ...task })),
  };
  return { savedAt: parsed.savedAt, values, idempotencyKey: parsed.idempotencyKey };
}

export function writeDraft(key: string, draft: StoredDraft): void {
  try {
    storage()?.setItem(key, JSON.stringify({ version: VERSION, ...draft }));
  } catch {
    // Full or switched off: the builder still works, it just cannot keep the draft.
  }
}

export function clearDraft(key: string): void {
  removeStored(storage(), key);
}
