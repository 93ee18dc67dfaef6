// Which brands a read or a write may touch (docs/decisions/0112-server-layers.md).

/**
 * Every brand: the scope of /ops, the demo and the service's own work (intake, jobs), which act
 * for no one credential. A value of its own, so "every brand" is never an empty or missing list.
 */
export const ALL_BRANDS = Symbol('all brands');

/** The brands a caller may see: a credential's brands (possibly none), or ALL_BRANDS. */
export type BrandScope = readonly string[] | typeof ALL_BRANDS;
