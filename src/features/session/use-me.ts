import { useSuspenseQuery } from '@tanstack/react-query';
import type { BrandRef, Me, Scope } from '#contract/me';
import { useParams } from 'react-router';
import { meQueryOptions } from './api/me';

/** The signed-in key's `/me`. Route loaders have fetched it, so this does not suspend. */
export function useMe(): Me {
  return useSuspenseQuery(meQueryOptions()).data;
}

/** The brand of the URL; only inside `/brands/:brandId`, whose loader checked the key acts for it. */
export function useCurrentBrand(): BrandRef {
  const { brandId } = useParams();
  const brand = useMe().brands.find((b) => b.id === brandId);
  if (!brand) throw new Error('useCurrentBrand is used outside a brand the key acts for');
  return brand;
}

/**
 * Whether the signed-in credential may use `scope` (a member's role carries its scopes, a key its
 * own). The one check behind every control a role may not use: screens offer a control only when
 * this says so, and show a read-only note where the decisions would be.
 */
export function useCan(scope: Scope): boolean {
  return useMe().key.scopes.includes(scope);
}
