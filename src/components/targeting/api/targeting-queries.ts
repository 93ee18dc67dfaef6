import { queryOptions, useQuery } from '@tanstack/react-query';
import { TargetingPropertyList, TargetingValueList } from '#contract/targeting';
import { api } from '#lib/api-client';

export const targetingKeys = {
  all: ['targeting'] as const,
  properties: () => [...targetingKeys.all, 'properties'] as const,
  values: (propertyId: string) => [...targetingKeys.all, 'values', propertyId] as const,
};

// Properties and their values change only when an operator adds some: minutes of staleness are fine.
const STALE_MS = 5 * 60_000;

/** `GET /targeting/properties`, as the list of properties. */
export const targetingPropertiesQueryOptions = () =>
  queryOptions({
    queryKey: targetingKeys.properties(),
    queryFn: async ({ signal }) =>
      (await api.GET('/targeting/properties', TargetingPropertyList, { signal })).data,
    staleTime: STALE_MS,
  });

/** `GET /targeting/properties/{id}/values` of an option property (a number property answers 422). */
export const targetingValuesQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: targetingKeys.values(propertyId),
    queryFn: async ({ signal }) =>
      (
        await api.GET('/targeting/properties/{property_id}/values', TargetingValueList, {
          params: { path: { property_id: propertyId } },
          signal,
        })
      ).data,
    staleTime: STALE_MS,
  });

/** The `useValues` of `<TargetingEditor>`. */
export function useTargetingValues(propertyId: string) {
  return useQuery(targetingValuesQueryOptions(propertyId));
}
