import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { realService } from '#testing/service';
import { paths } from '#config/paths';
import { renderApp } from './app';

const service = realService();

// The screens are lazy: the first visit of each in a test file loads and compiles its code, about
// a second on a quiet machine and several on a busy one, which the 5-second waits below were not
// meant to measure. Loaded here first, the waits cover the service's answers and React's render
// (docs/decisions/0114-test-suite-speed.md).
beforeAll(async () => {
  await Promise.all([
    import('#app/routes/brand-layout'),
    import('#app/routes/brand/campaign-detail'),
    import('#app/routes/brand/review'),
  ]);
}, 60_000);

describe('the dashboard against the real service', () => {
  it('lists the campaigns the service holds for the signed-in brand', async () => {
    const team = await service.world.brandTeam({ name: 'Harness Brand' });
    const campaign = await service.world.campaign(team, 'active', { name: 'Spring glow' });
    renderApp(paths.campaign.href(team.brand.id, campaign.id), team.key);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spring glow' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(service.requests.some((r) => r.path === '/me')).toBe(true);
  });
});

describe('live events from the real service', () => {
  it('shows a submission sent after the queue opened, without a reload', async () => {
    const team = await service.world.brandTeam();
    const campaign = await service.world.campaign(team, 'active', { name: 'Live one' });
    const taskId = campaign.tasks![0]!.id;
    const first = await service.world.approvedCreator(team, campaign);
    await service.world.submit(campaign.id, first.id, taskId);
    renderApp(paths.review.href(team.brand.id), team.key);
    expect(
      await screen.findByText('1 submission waiting for you', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const second = await service.world.approvedCreator(team, campaign);
    await service.world.submit(campaign.id, second.id, taskId);
    expect(
      await screen.findByText('2 submissions waiting for you', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(service.requests.some((r) => r.path === '/events')).toBe(true);
  });
});
