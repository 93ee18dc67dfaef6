/**
 * Every route of the dashboard: its pattern (for the router) and its href builder (for links).
 * The brand is part of every brand-scoped URL, so a shared link opens the same brand.
 */

const brandPath = (brandId: string, rest = '') => `/brands/${encodeURIComponent(brandId)}${rest}`;

/** The route of a brand screen at `/brands/:brandId` + `rest`, linked to with the brand's id alone. */
const brandRoute = <R extends string>(rest: R) => ({
  path: `/brands/:brandId${rest}` as const,
  href: (brandId: string) => brandPath(brandId, rest),
});

export const paths = {
  home: { path: '/', href: () => '/' },
  signIn: {
    path: '/sign-in',
    /** `next`: where to go after signing in (a path of this app); `reason`: why the user is here. */
    href: (options: { next?: string; reason?: 'expired' } = {}) => {
      const search = new URLSearchParams();
      if (options.next && options.next !== '/') search.set('next', options.next);
      if (options.reason) search.set('reason', options.reason);
      const query = search.toString();
      return query ? `/sign-in?${query}` : '/sign-in';
    },
  },
  /** The link of an invitation; its token travels in the fragment (`#token=cci_…`), never here. */
  acceptInvitation: { path: '/accept-invitation', href: () => '/accept-invitation' },
  brand: { path: '/brands/:brandId', href: (brandId: string) => brandPath(brandId) },
  overview: brandRoute('/overview'),
  campaigns: brandRoute('/campaigns'),
  campaignNew: brandRoute('/campaigns/new'),
  campaign: {
    path: '/brands/:brandId/campaigns/:campaignId',
    href: (brandId: string, campaignId: string) =>
      brandPath(brandId, `/campaigns/${encodeURIComponent(campaignId)}`),
  },
  campaignEdit: {
    path: '/brands/:brandId/campaigns/:campaignId/edit',
    href: (brandId: string, campaignId: string) =>
      brandPath(brandId, `/campaigns/${encodeURIComponent(campaignId)}/edit`),
  },
  /** One submission, read-only (docs/decisions/0164). */
  submission: {
    path: '/brands/:brandId/campaigns/:campaignId/submissions/:submissionId',
    href: (brandId: string, campaignId: string, submissionId: string) =>
      brandPath(
        brandId,
        `/campaigns/${encodeURIComponent(campaignId)}/submissions/${encodeURIComponent(submissionId)}`,
      ),
  },
  review: brandRoute('/review'),
  creators: brandRoute('/creators'),
  posts: brandRoute('/posts'),
  metrics: {
    path: '/brands/:brandId/metrics',
    /** `campaign`: the campaign to open (else the newest). */
    href: (brandId: string, campaignId?: string) =>
      brandPath(
        brandId,
        campaignId ? `/metrics?campaign=${encodeURIComponent(campaignId)}` : '/metrics',
      ),
  },
  codes: brandRoute('/codes'),
  payouts: brandRoute('/payouts'),
  activity: {
    path: '/brands/:brandId/activity',
    /** `search`: the filters, as the Activity screen writes them (`?campaign=…&who=…`). */
    href: (brandId: string, search = '') => brandPath(brandId, `/activity${search}`),
  },
  settings: brandRoute('/settings'),
} as const;

/** The screens every brand has, in navigation order. */
export const brandScreens = [
  { id: 'overview', label: 'Overview' },
  { id: 'campaigns', label: 'Campaigns' },
  // On a phone's navigation tiles the first word is shown; the link's name stays whole.
  { id: 'review', label: 'Review queue', phoneLabel: 'Review' },
  { id: 'creators', label: 'Creators' },
  { id: 'posts', label: 'Posts' },
  { id: 'metrics', label: 'Metrics' },
  { id: 'codes', label: 'Codes' },
  { id: 'payouts', label: 'Payouts' },
  { id: 'activity', label: 'Activity' },
  // Offered only to a credential that manages members or keys (see the brand layout).
  { id: 'settings', label: 'Settings' },
] as const;

export type BrandScreen = (typeof brandScreens)[number]['id'];

/** The `handle` of a brand screen's route; the brand switcher reads it to stay on the same screen. */
export type BrandScreenHandle = { screen: BrandScreen };

export function isBrandScreenHandle(handle: unknown): handle is BrandScreenHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    brandScreens.some((s) => s.id === (handle as { screen?: unknown }).screen)
  );
}

/**
 * A `next` value that is safe to navigate to: a path of this app, never another origin
 * (`//evil.example`, `https://…`) and never the sign-in screen itself.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return null;
  if (next === paths.signIn.path || next.startsWith(`${paths.signIn.path}?`)) return null;
  return next;
}
