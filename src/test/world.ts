import type { RealService } from '#testing/service';

/** A short random tag: user names and codes are unique in the service, which a file's tests share. */
export const tag = () => Math.random().toString(16).slice(2, 8);

/**
 * A new brand team named `<brandName> <tag>` with one active campaign made from `body`, and the
 * tag, for other names of the world that must be unique.
 */
export async function brandWithActiveCampaign(
  service: RealService,
  brandName: string,
  body: Parameters<RealService['world']['campaign']>[2],
) {
  const t = tag();
  const team = await service.world.brandTeam({ name: `${brandName} ${t}` });
  const campaign = await service.world.campaign(team, 'active', body);
  return { team, campaign, t };
}
