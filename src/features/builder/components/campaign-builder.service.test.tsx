import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { realService } from '#testing/service';
import { paths } from '#config/paths';
import { renderApp } from '#test/app';

// The builder against the real service: what it refuses and how it says so come from the service.
const service = realService();

const stepButton = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Builder steps' })).getByRole('button', {
    name: new RegExp(`^${name}`),
  });

describe('the campaign builder against the real service', { timeout: 30_000 }, () => {
  it('puts the service’s refusal of a taken invite code on the invite code field', async () => {
    const user = userEvent.setup();
    const team = await service.world.brandTeam();
    await service.world.api(team, 'POST', '/campaigns', {
      name: 'First',
      visibility: 'unlisted',
      invite_code: 'TAKEN-CODE',
    });
    renderApp(paths.campaignNew.href(team.brand.id), team.key);

    await user.type(await screen.findByLabelText('Campaign name', {}, { timeout: 5000 }), 'Second');
    await user.click(screen.getByRole('radio', { name: /Unlisted/ }));
    await user.type(screen.getByLabelText('Invite code'), 'TAKEN-CODE');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const invite = screen.getByLabelText('Invite code');
    await waitFor(() =>
      expect(invite).toHaveAccessibleDescription(
        expect.stringContaining('Is already used by another campaign.'),
      ),
    );
    expect(invite).toHaveFocus();
    const refused = service.requests.filter((r) => r.method === 'POST' && r.path === '/campaigns');
    expect(refused).toHaveLength(1);
  });

  it('refuses a deadline before today (UTC) in the form, with the service’s words, and sends nothing', async () => {
    const user = userEvent.setup();
    const team = await service.world.brandTeam();
    renderApp(paths.campaignNew.href(team.brand.id), team.key);

    await user.type(await screen.findByLabelText('Campaign name', {}, { timeout: 5000 }), 'Late');
    await user.click(stepButton('Deadlines'));
    await user.type(screen.getByLabelText('Content deadline'), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByLabelText('Content deadline')).toHaveAccessibleDescription(
      expect.stringContaining('Must not be earlier than today ('),
    );
    expect(stepButton('Deadlines')).toHaveAccessibleName('Deadlines, 1 error');
    expect(service.requests.some((r) => r.method === 'POST' && r.path === '/campaigns')).toBe(
      false,
    );
  });

  it('shows every bounded text’s limit, keeps a pasted overlong name whole and refuses it by name', async () => {
    const user = userEvent.setup();
    const team = await service.world.brandTeam();
    renderApp(paths.campaignNew.href(team.brand.id), team.key);

    const name = await screen.findByLabelText('Campaign name', {}, { timeout: 5000 });
    expect(name).not.toHaveAttribute('maxLength');
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('0 / 200 characters'));
    await user.click(name);
    await user.paste('y'.repeat(346));
    expect(name).toHaveValue('y'.repeat(346));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('346 / 200 characters'));
    await user.tab();
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('Use at most 200 characters: shorten it by 146.'),
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(service.requests.some((r) => r.method === 'POST' && r.path === '/campaigns')).toBe(
      false,
    );
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
      expect.stringContaining('0 / 10,000 characters'),
    );
  });
  it('says what an empty product name becomes, on its field and on the review step', async () => {
    const user = userEvent.setup();
    const team = await service.world.brandTeam();
    renderApp(paths.campaignNew.href(team.brand.id), team.key);

    const product = await screen.findByLabelText('Product name', {}, { timeout: 5000 });
    expect(product).toHaveAccessibleDescription(
      expect.stringContaining(
        'Optional. Left empty, creators see the campaign’s name as the product.',
      ),
    );
    await user.type(screen.getByLabelText('Campaign name'), 'Spring glow');
    expect(product).toHaveAccessibleDescription(
      expect.stringContaining(
        'Left empty, creators see the campaign’s name, “Spring glow”, as the product.',
      ),
    );
    await user.click(stepButton('Review'));
    expect(
      await screen.findByText('Spring glow (the campaign’s name: no product name given)'),
    ).toBeInTheDocument();

    await user.click(stepButton('Basics'));
    await user.type(screen.getByLabelText('Product name'), 'Dew drops');
    expect(screen.getByLabelText('Product name')).toHaveAccessibleDescription(
      expect.stringContaining('The name creators see for the product.'),
    );
  });
});
