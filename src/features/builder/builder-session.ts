import type { Campaign } from '#contract/campaigns';
import { campaignLocks, todayUtc, type CampaignLocks } from '#contract/campaign-rules';
import type { BrandRef } from '#contract/me';
import {
  activeTasks,
  builderValuesFrom,
  emptyBuilderValues,
  type BuilderValues,
} from './builder-form';
import { LOCK_AREA_OF } from './builder-steps';
import { draftKey, readDraft } from './draft-storage';
import { newIdempotencyKey } from './idempotency-key';

/** What the builder reads once when it opens: a later refetch does not reset the user's work. */
export type BuilderSession = {
  /** The brand of the URL: the default owner, and where the draft is kept. */
  brand: BrandRef;
  /** The brands an agency key may create for; null for a brand key or an edit. */
  brands: readonly BrandRef[] | null;
  /** The campaign edited, as the builder opened; null for a new one. */
  campaign: Campaign | null;
  locks: CampaignLocks;
  /** The values as the service has them (edit), or the contract's defaults (create). */
  clean: BuilderValues;
  storageKey: string;
  /** Unsaved work kept on this device, locked areas reset to the service's values. */
  restored: BuilderValues | null;
  restoredAt: string | null;
  idempotencyKey: string;
  archivedCount: number;
};

/** Locked areas keep the service's values, whatever a restored draft held for them. */
export function withLockedAreas(
  draft: BuilderValues,
  clean: BuilderValues,
  locks: CampaignLocks,
): BuilderValues {
  const values = { ...draft };
  for (const field of Object.keys(LOCK_AREA_OF) as (keyof BuilderValues)[]) {
    if (locks.reasons[LOCK_AREA_OF[field]]) Object.assign(values, { [field]: clean[field] });
  }
  return values;
}

export function openSession(
  brand: BrandRef,
  campaign: Campaign | null,
  brands: readonly BrandRef[] | null,
): BuilderSession {
  const locks = campaignLocks(campaign?.status ?? null, todayUtc());
  const clean = campaign ? builderValuesFrom(campaign) : emptyBuilderValues(brand.id);
  const storageKey = draftKey(
    campaign
      ? { brandId: brand.id, mode: 'edit', campaignId: campaign.id }
      : { brandId: brand.id, mode: 'create' },
  );
  const draft = readDraft(storageKey, clean);
  let restored = draft ? withLockedAreas(draft.values, clean, locks) : null;
  if (restored && brands && !brands.some((b) => b.id === restored?.brand_id)) {
    restored = { ...restored, brand_id: brand.id };
  }
  return {
    brand,
    brands,
    campaign,
    locks,
    clean,
    storageKey,
    restored,
    restoredAt: draft?.savedAt ?? null,
    idempotencyKey: draft?.idempotencyKey ?? newIdempotencyKey(),
    archivedCount: (campaign?.tasks ?? []).length - (campaign ? activeTasks(campaign).length : 0),
  };
}
