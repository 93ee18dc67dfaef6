import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#lib/notify';
import { realService, type SentRequest, type Team } from '#testing/service';
import { draftKey } from '../draft-storage';
import {
  campaignsOf,
  renderBuilder,
  renderBuilderNamed,
  signedInAgency,
  signedInBrand,
  signInAs,
  signOutOfClient,
  writesOf,
} from '../test/builder-support';

const service = realService();
/** The signed-in brand team and the builder's props for its new campaign (set before each test). */
let team: Team;
let BRAND_KEY: Awaited<ReturnType<typeof signedInBrand>>['props'];

/** Sends the request to the service as the page sent it, away from the page (its answer is lost). */
const sendAside = (r: SentRequest, body = r.body) =>
  service.app().request(r.url.pathname + r.url.search, {
    method: r.method,
    headers: r.headers,
    ...(body !== undefined ? { body } : {}),
  });

const step = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Builder steps' })).getByRole('button', {
    name: new RegExp(`^${name}`),
  });

const taskCard = (n: number) => screen.getByRole('region', { name: `Task ${n}` });

async function addTask(
  user: UserEvent,
  {
    title,
    instructions = 'Film it.',
    platforms = ['TikTok'],
  }: { title: string; instructions?: string; platforms?: string[] },
) {
  await user.click(screen.getByRole('button', { name: 'Add task' }));
  const cards = screen.getAllByRole('region', { name: /^Task \d+$/ });
  const card = cards[cards.length - 1]!;
  await user.type(within(card).getByLabelText('Title'), title);
  await user.type(within(card).getByLabelText('Instructions'), instructions);
  for (const platform of platforms) {
    await user.click(within(card).getByRole('button', { name: platform }));
  }
  return card;
}

// Typing through whole forms with user-event is slow on a busy two-core machine.
describe('CampaignBuilder (create)', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    ({ team, props: BRAND_KEY } = await signedInBrand(service));
    vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  });
  afterEach(() => signOutOfClient());

  it('sends the campaign with its tasks embedded, empty optional fields left out, and an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const agency = await signedInAgency(service);
    const glowLab = agency.team.brands[0]!;
    const { router } = renderBuilder(agency.props);

    await user.type(screen.getByLabelText('Campaign name'), '  Summer glow ');
    await user.type(screen.getByLabelText('Description'), 'Show the serum.');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Tasks' })).toHaveFocus();
    await addTask(user, { title: 'Unboxing', platforms: ['Instagram', 'TikTok'] });
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(`/brands/${glowLab.id}/campaigns/`),
    );
    // The page opened is the campaign the service made.
    const [made] = await campaignsOf(service, agency.team, glowLab.id);
    expect(router.state.location.pathname).toBe(`/brands/${glowLab.id}/campaigns/${made!.id}`);
    expect(made).toMatchObject({ name: 'Summer glow', description: 'Show the serum.' });
    const [post] = writesOf(service);
    expect(post?.method).toBe('POST');
    expect(post?.path).toBe('/campaigns');
    expect(post?.body).toEqual({
      name: 'Summer glow',
      brand_id: glowLab.id,
      visibility: 'public',
      description: 'Show the serum.',
      settings: {
        creator_approval_required: false,
        brand_approval_required: false,
        post_approval_mode: 'moderate',
        completion_mode: 'all_required',
      },
      tasks: [
        {
          title: 'Unboxing',
          instructions: 'Film it.',
          platforms: ['tiktok', 'instagram'],
          require_ad_disclosure: true,
          review_mode: 'media_review',
          display_order: 0,
        },
      ],
    });
    expect(post?.headers['idempotency-key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(notify.success).toHaveBeenCalledWith(
      'Draft saved',
      expect.any(String),
      expect.any(String),
    );
    expect(
      window.localStorage.getItem(draftKey({ brandId: glowLab.id, mode: 'create' })),
    ).toBeNull();
  });

  it('retries after a network error with the same Idempotency-Key, so one campaign is made', async () => {
    const user = userEvent.setup();
    // A fault: the first save reaches the service, but its answer is lost on the way back.
    let attempts = 0;
    service.intercept(async (r) => {
      if (r.method === 'POST' && r.path === '/campaigns' && ++attempts === 1) {
        await sendAside(r);
        throw new TypeError('Failed to fetch');
      }
      return undefined;
    });
    const { router } = renderBuilder(BRAND_KEY);

    await user.type(screen.getByLabelText('Campaign name'), 'Summer glow');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service could not be reached');
    expect(alert).toHaveTextContent('it cannot make a second campaign');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const made = await campaignsOf(service, team);
    expect(made.map((c) => c.name)).toEqual(['Summer glow']);
    await waitFor(() => expect(router.state.location.pathname).toContain(made[0]!.id));
    const posts = writesOf(service);
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers['idempotency-key']).toBeTruthy();
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
    // A brand key acts for its own brand: no brand_id, and no brand to choose.
    expect(posts[1]!.body).not.toHaveProperty('brand_id');
  });

  it('a double submit sends the same Idempotency-Key twice', async () => {
    const user = userEvent.setup();
    renderBuilder(BRAND_KEY);

    await user.type(screen.getByLabelText('Campaign name'), 'Summer glow');
    const form = screen.getByRole('button', { name: 'Save draft' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);

    await waitFor(() => expect(writesOf(service)).toHaveLength(2));
    const [first, second] = writesOf(service);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    await screen.findByRole('heading', { name: /Campaign page/ });
    expect((await campaignsOf(service, team)).map((c) => c.name)).toEqual(['Summer glow']);
  });

  it('keeps the key with the stored draft, so a reload and a retry reuse it', async () => {
    const user = userEvent.setup();
    // A fault: the network drops every save.
    service.intercept((r) => {
      if (r.method === 'POST') throw new TypeError('Failed to fetch');
      return undefined;
    });
    const first = renderBuilder(BRAND_KEY);
    await user.type(screen.getByLabelText('Campaign name'), 'Summer glow');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByRole('alert');
    first.unmount();

    renderBuilder(BRAND_KEY);
    expect(screen.getByLabelText('Campaign name')).toHaveValue('Summer glow');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(writesOf(service)).toHaveLength(2));
    const [a, b] = writesOf(service);
    expect(b!.headers['idempotency-key']).toBe(a!.headers['idempotency-key']);
  });

  it('lets an agency key choose the brand, and sends it', async () => {
    const user = userEvent.setup();
    const agency = await signedInAgency(service);
    const [glowLab, northwind] = agency.team.brands;
    const { router } = renderBuilder(agency.props);

    expect(screen.getByLabelText('Campaign brand')).toHaveValue(glowLab!.id);
    await user.selectOptions(screen.getByLabelText('Campaign brand'), 'Northwind Outdoors');
    await user.type(screen.getByLabelText('Campaign name'), 'Trail run');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(router.state.location.pathname).toContain(northwind!.id));
    expect(writesOf(service)[0]!.body).toMatchObject({ brand_id: northwind!.id });
    const [trail] = await campaignsOf(service, agency.team, northwind!.id);
    expect(trail).toMatchObject({ name: 'Trail run', brand_id: northwind!.id });
  });

  it('shows an error it cannot place at the top of the step, not only in a toast', async () => {
    const user = userEvent.setup();
    // A key of the brand that may read campaigns but not write them.
    signInAs(await service.world.brandKey(team, ['campaigns:read']));
    renderBuilder(BRAND_KEY);
    await user.type(screen.getByLabelText('Campaign name'), 'Summer glow');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This key may not do that');
    expect(alert).toHaveTextContent('campaigns:write');
  });

  it('shows a content deadline after the post deadline inline and does not send', async () => {
    const { user } = await renderBuilderNamed(BRAND_KEY, 'Summer glow');
    await user.click(step('Deadlines'));
    fireEvent.change(screen.getByLabelText('Content deadline'), {
      target: { value: '2027-09-10' },
    });
    fireEvent.change(screen.getByLabelText('Post deadline'), { target: { value: '2027-09-01' } });
    await user.click(step('Basics'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByLabelText('Content deadline')).toHaveFocus();
    expect(screen.getByLabelText('Content deadline')).toHaveAccessibleDescription(
      expect.stringContaining('Must be on or before the post deadline.'),
    );
    expect(screen.getByLabelText('Content deadline')).toHaveAttribute('aria-invalid', 'true');
    expect(writesOf(service)).toHaveLength(0);
  });

  it('marks nothing from moving between steps; a field left empty counts once it was touched', async () => {
    const user = userEvent.setup();
    renderBuilder(BRAND_KEY);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(step('Basics')).toHaveAccessibleName('Basics');
    expect(screen.getByRole('button', { name: /^Tasks/ })).toHaveAccessibleName('Tasks');

    await user.click(step('Basics'));
    await user.click(screen.getByLabelText('Campaign name'));
    await user.tab();
    await waitFor(() => expect(step('Basics')).toHaveAccessibleName('Basics, 1 error'));
    expect(screen.getByLabelText('Campaign name')).toHaveAccessibleDescription(
      expect.stringContaining('Required.'),
    );
  });

  it('jumps to the first step with an error on save and focuses the field', async () => {
    const user = userEvent.setup();
    renderBuilder(BRAND_KEY);
    await user.click(step('Settings'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(screen.getByLabelText('Campaign name')).toHaveFocus());
    expect(step('Basics')).toHaveAttribute('aria-current', 'step');
    expect(writesOf(service)).toHaveLength(0);
  });

  it('shows the invite code only for unlisted campaigns', async () => {
    const user = userEvent.setup();
    renderBuilder(BRAND_KEY);

    expect(screen.queryByLabelText('Invite code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Unlisted' }));
    expect(screen.getByLabelText('Invite code')).toHaveAccessibleDescription(
      expect.stringContaining('Leave empty to generate one.'),
    );
  });

  it('restores unsaved work after a remount, and Discard returns to the clean state', async () => {
    const user = userEvent.setup();
    const key = draftKey({ brandId: team.brand.id, mode: 'create' });
    const first = renderBuilder(BRAND_KEY);
    await user.type(screen.getByLabelText('Campaign name'), 'Half done');
    await user.click(step('Tasks'));
    await addTask(user, { title: 'Unboxing' });
    await waitFor(() => expect(window.localStorage.getItem(key)).toContain('Unboxing'), {
      timeout: 3000,
    });
    expect(window.localStorage.getItem(key)).not.toContain(team.key);
    first.unmount();

    renderBuilder(BRAND_KEY);
    expect(screen.getByLabelText('Campaign name')).toHaveValue('Half done');
    expect(screen.getByText(/Restored your unsaved changes from/)).toBeVisible();
    await user.click(step('Tasks'));
    expect(within(taskCard(1)).getByLabelText('Title')).toHaveValue('Unboxing');

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: 'Task 1' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Restored your unsaved changes/)).not.toBeInTheDocument();
    await user.click(step('Basics'));
    expect(screen.getByLabelText('Campaign name')).toHaveValue('');
    await waitFor(() => expect(window.localStorage.getItem(key)).toBeNull(), { timeout: 3000 });
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = await renderBuilderNamed(BRAND_KEY, 'Half done');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the builder?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe(`/brands/${team.brand.id}/campaigns/new`);

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/brands/${team.brand.id}/campaigns`),
    );
  });

  it('offers to save as a new campaign when the key met other values', async () => {
    const user = userEvent.setup();
    // An earlier save under the same Idempotency-Key sent another body: the service refuses.
    let conflict = true;
    service.intercept(async (r) => {
      if (r.method === 'POST' && conflict) {
        conflict = false;
        await sendAside(r, JSON.stringify({ name: 'An earlier name' }));
      }
      return undefined;
    });
    renderBuilder(BRAND_KEY);
    await user.type(screen.getByLabelText('Campaign name'), 'Summer glow');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An earlier save may already have created this campaign',
    );

    await user.click(screen.getByRole('button', { name: 'Save as a new campaign' }));
    await screen.findByRole('heading', { name: /Campaign page/ });
    const [a, b] = writesOf(service);
    expect(b!.headers['idempotency-key']).not.toBe(a!.headers['idempotency-key']);
    expect((await campaignsOf(service, team)).map((c) => c.name).sort()).toEqual([
      'An earlier name',
      'Summer glow',
    ]);
  });

  it('has no accessibility violations axe can find on any step', async () => {
    const user = userEvent.setup();
    // jsdom has no canvas; axe only uses it to spot icon ligatures.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { container } = renderBuilder((await signedInAgency(service)).props);
    await user.click(screen.getByRole('radio', { name: 'Unlisted' }));
    await user.click(screen.getByRole('button', { name: 'Add example video' }));
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    for (const name of ['Basics', 'Tasks', 'Settings', 'Deadlines', 'Targeting', 'Review']) {
      await user.click(step(name));
      if (name === 'Tasks') await user.click(screen.getByRole('button', { name: 'Add task' }));
      if (name === 'Targeting') await screen.findByRole('group', { name: 'Who can join' });
      let results: axe.AxeResults | undefined;
      await act(async () => {
        results = await axe.run(container, {
          runOnly: {
            type: 'tag',
            values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
          },
          // jsdom does no layout (no contrast); the builder is rendered without the app's landmarks.
          rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
        });
      });
      expect(
        results?.violations.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.html).join(' ')}`),
      ).toEqual([]);
    }
  });
});
