// How many of each thing a request may carry: the one owner of these bounds, for the contract's
// schemas and the dashboard's forms alike (docs/api.md#limits,
// docs/decisions/0110-rules-as-data-in-the-contract.md). Plain data without zod, so a screen can
// show a bound without loading the schemas.

/** A targeting rule's bounds. */
export const TARGETING_LIMITS = {
  /** Groups in one rule. */
  groups: 20,
  /** Conditions in one group. */
  conditionsPerGroup: 50,
  /** Values one condition chooses. */
  valuesPerCondition: 200,
  /** Characters of one value. */
  valueLength: 200,
  /** Characters of a group's name. */
  groupName: 200,
  /** Characters of a property's id. */
  propertyId: 100,
} as const;

/** A campaign's lists, on create and PATCH. */
export const CAMPAIGN_LIMITS = {
  /** Tasks a creation body carries. */
  tasks: 50,
  /** Example videos. */
  videoExamples: 20,
  /** Links. */
  links: 50,
} as const;

/** The campaign list's query (docs/api.md#campaign-list). */
export const CAMPAIGN_LIST_LIMITS = {
  /** Characters of a name search `q`, once trimmed. */
  search: 100,
  /** Campaigns one query names with `id`. */
  ids: 100,
} as const;
