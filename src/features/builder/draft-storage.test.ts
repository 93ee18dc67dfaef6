import { describe, expect, it } from 'vitest';
import { GLOW_LAB } from '#test/brands';
import { emptyBuilderValues } from './builder-form';
import { clearDraft, draftKey, readDraft, writeDraft } from './draft-storage';

const KEY = draftKey({ brandId: GLOW_LAB.id, mode: 'create' });
const clean = emptyBuilderValues(GLOW_LAB.id);

describe('draft storage', () => {
  it('keys drafts by brand, builder and campaign', () => {
    expect(KEY).toBe(`campaign-console.builder.${GLOW_LAB.id}.create`);
    expect(draftKey({ brandId: 'b', mode: 'edit', campaignId: 'c' })).toBe(
      'campaign-console.builder.b.edit.c',
    );
  });

  it('writes and reads a draft with its time and Idempotency-Key', () => {
    const savedAt = '2026-07-15T10:00:00.000Z';
    writeDraft(KEY, { savedAt, values: { ...clean, name: 'Half done' }, idempotencyKey: 'k-1' });
    expect(readDraft(KEY, clean)).toEqual({
      savedAt,
      values: { ...clean, name: 'Half done' },
      idempotencyKey: 'k-1',
    });
    clearDraft(KEY);
    expect(readDraft(KEY, clean)).toBeNull();
  });

  it('fills what an older draft lacks from the clean values', () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify({
        version: 1,
        savedAt: '2026-07-15T10:00:00.000Z',
        values: { name: 'Old', tasks: [{ title: 'T' }], settings: { completion_mode: 'pick_one' } },
      }),
    );
    const draft = readDraft(KEY, clean);
    expect(draft?.values.name).toBe('Old');
    expect(draft?.values.product).toEqual(clean.product);
    expect(draft?.values.settings).toEqual({ ...clean.settings, completion_mode: 'pick_one' });
    expect(draft?.values.tasks[0]).toMatchObject({
      title: 'T',
      platforms: [],
      review_mode: 'media_review',
    });
  });

  it('drops a draft it cannot read', () => {
    window.localStorage.setItem(KEY, '{"version": 1, "values": [');
    expect(readDraft(KEY, clean)).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
    window.localStorage.setItem(KEY, JSON.stringify({ version: 0, savedAt: 'x', values: {} }));
    expect(readDraft(KEY, clean)).toBeNull();
  });
});
