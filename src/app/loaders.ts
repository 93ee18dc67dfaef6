import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '#contract/me';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { paths, safeNextPath } from '#config/paths';
import { meQueryOptions } from '#features/session/api/me';
import { clearSession, readSession } from '#features/session/session-storage';
import { isApiError } from '#lib/api-client';

/** What a brand route throws when the key does not act for the brand in the URL. */
export const BRAND_UNAVAILABLE = 'brand_unavailable';

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

/**
 * The signed-in key's `/me`, fetched once and cached. Without a session, or when the service no
 * longer accepts the key, the route redirects to the key screen, which returns here afterwards.
 */
export async function requireMe(queryClient: QueryClient, request: Request): Promise<Me> {
  const next = pathOf(request);
  if (!readSession()) throw redirect(paths.signIn.href({ next }));
  try {
    return await queryClient.ensureQueryData(meQueryOptions());
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      // Forget the refused key here too: the key screen would otherwise send us straight back.
      clearSession();
      throw redirect(paths.signIn.href({ next, reason: 'expired' }));
    }
    throw error;
  }
}

/** `/sign-in`: a signed-in user goes where they were heading. */
export function signInLoader({ request }: LoaderFunctionArgs) {
  if (!readSession()) return null;
  const next = new URL(request.url).searchParams.get('next');
  throw redirect(safeNextPath(next) ?? paths.home.href());
}

/** `/`: the first brand's campaigns; the page itself only shows when the key has no brand. */
export const homeLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const me = await requireMe(queryClient, request);
    const first = me.brands[0];
    if (first) throw redirect(paths.campaigns.href(first.id));
    return null;
  };

/** `/brands/:brandId`: only a brand the key acts for. */
export const brandLoader =
  (queryClient: QueryClient) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const me = await requireMe(queryClient, request);
    if (!me.brands.some((brand) => brand.id === params.brandId)) {
      throw data({ reason: BRAND_UNAVAILABLE }, { status: 404 });
    }
    return null;
  };

/** `/brands/:brandId` itself: its first screen. */
export function brandIndexLoader({ params }: LoaderFunctionArgs) {
  throw redirect(paths.campaigns.href(params.brandId ?? ''));
}

// The builder's data modules load with its routes, so the key screen does not carry them.
const builderData = () =>
  Promise.all([
    import('#lib/campaign-cache'),
    import('#components/targeting/api/targeting-queries'),
  ]);

/** `/brands/:brandId/campaigns/new`: starts loading the targeting properties; does not wait. */
export const campaignNewLoader = (queryClient: QueryClient) => async () => {
  const [, { targetingPropertiesQueryOptions }] = await builderData();
  void queryClient.prefetchQuery(targetingPropertiesQueryOptions());
  return null;
};

/**
 * `/brands/:brandId/campaigns/:campaignId/edit`: the campaign (with its tasks) before the builder
 * opens. An unknown campaign is "not found"; one of another of the key's brands opens under it.
 */
export const campaignEditLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const brandId = params.brandId ?? '';
    const campaignId = params.campaignId ?? '';
    const [{ campaignDetailOptions }, { targetingPropertiesQueryOptions }] = await builderData();
    void queryClient.prefetchQuery(targetingPropertiesQueryOptions());
    let campaign;
    try {
      campaign = await queryClient.ensureQueryData(campaignDetailOptions(brandId, campaignId));
    } catch (error) {
      // Unknown, another key's, or not a campaign id at all: the same "not found".
      if (isApiError(error) && [400, 404, 422].includes(error.status)) {
        throw data(null, { status: 404 });
      }
      throw error;
    }
    if (campaign.brand_id !== brandId) {
      throw redirect(paths.campaignEdit.href(campaign.brand_id, campaign.id));
    }
    return null;
  };
