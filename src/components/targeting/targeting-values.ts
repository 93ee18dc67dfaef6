import type { TargetingValue } from '#contract/targeting';

/** What the editor needs to know about one option property's allowed values. */
export type TargetingValuesState = {
  data?: readonly TargetingValue[] | undefined;
  isLoading: boolean;
  error?: unknown;
  refetch?: () => unknown;
};

/**
 * A hook giving the allowed values of an option property. The editor calls it only for `option`
 * properties, once per row and once for the read-back; `useTargetingValues` (React Query) fits.
 */
export type UseTargetingValues = (propertyId: string) => TargetingValuesState;
