import { useSuspenseQuery } from '@tanstack/react-query';
import type { BrandRef, Me } from '#contract/me';
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
