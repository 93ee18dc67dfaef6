import { sql } from 'drizzle-orm';
import type { CampaignCreate } from '#contract/campaigns';
import type { CampaignStatus } from '#contract/enums';
import type { TargetingCondition } from '#contract/targeting';
import type { TaskCreate } from '#contract/tasks';
import type { Tx } from '../db/client.ts';
import { campaigns, tasks } from '../db/schema.ts';
import { insertCampaign } from '../domain/campaigns.ts';
import { stateAfter, type StatusState } from '../domain/campaign-rules.ts';

// The demo world's campaigns: every brand has campaigns in every status (a denied draft, an
// automatic pause, a weekly-video-cap campaign among them), with briefs, products, links, tasks
// and targeting on the built-in properties. Created in the seed's transaction; statuses and dates
// are set directly (a demo history, not a replay of the transitions).

type DemoStatus = Exclude<CampaignStatus, 'draft'> | 'draft' | 'denied' | 'auto_paused';

interface DemoCampaign {
  body: Omit<CampaignCreate, 'brand_id'>;
  status: DemoStatus;
  /** How long ago it was created. */
  daysAgo: number;
  spentCents?: number;
  weeklyVideoCap?: number;
  reason?: string;
}

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** A targeting condition: the creator's `property` has one of `values`. */
const isIn = (property: string, ...values: string[]): TargetingCondition => ({
  property,
  operator: 'IN',
  values,
});
/** A targeting group that every one of `conditions` must meet. */
const allOf = (...conditions: TargetingCondition[]) => ({ operator: 'AND' as const, conditions });
/** A targeting group that one of `conditions` is enough to meet. */
const anyOf = (...conditions: TargetingCondition[]) => ({ operator: 'OR' as const, conditions });

const t = (title: string, instructions: string, rest: Partial<TaskCreate> = {}): TaskCreate => ({
  title,
  instructions,
  platforms: ['tiktok'],
  ...rest,
});

const glowLab: DemoCampaign[] = [
  {
    status: 'active',
    daysAgo: 24,
    spentCents: 128_500,
    body: {
      name: 'Summer Glow Serum Launch',
      description: 'Show how our Vitamin C Glow Serum fits into a real morning routine.',
      instructions: 'Natural light, no filters. Mention that the serum is fragrance-free.',
      brief_url: 'https://glowlab.example/briefs/summer-glow.pdf',
      icon_url: '/samples/glow-lab-icon.svg',
      video_examples: ['https://glowlab.example/examples/routine.mp4'],
      product: {
        name: 'Vitamin C Glow Serum',
        url: 'https://glowlab.example/serum',
        image_url: '/samples/serum.svg',
      },
      links: [
        {
          url: 'https://glowlab.example/serum',
          service: 'shop',
          description: 'Product page',
          affiliate_code: 'GLOW15',
        },
        { url: 'https://glowlab.example/ingredients', description: 'Ingredient list' },
      ],
      targeting: {
        root_operator: 'AND',
        groups: [
          { name: 'Markets', ...anyOf(isIn('prop_country', 'c_us', 'c_gb', 'c_ca')) },
          {
            name: 'Audience',
            ...allOf(isIn('prop_niche', 'n_skincare', 'n_beauty'), isIn('prop_age', '18-34')),
          },
        ],
      },
      content_deadline_date: dateIn(14),
      post_deadline_date: dateIn(21),
      settings: {
        creator_approval_required: true,
        brand_approval_required: true,
        post_approval_mode: 'moderate',
      },
      tasks: [
        t('Morning routine TikTok', 'Film your morning routine and apply the serum on camera.', {
          formats: ['feed_video'],
          caption: 'My summer glow routine #GlowLabPartner',
          max_posts_per_creator: 2,
        }),
        t('Before and after Reel', 'Show your skin on day 1 and day 14.', {
          platforms: ['instagram'],
          formats: ['feed_video'],
        }),
        t('Story with link sticker', 'One story with the product link sticker.', {
          platforms: ['instagram'],
          formats: ['story_video'],
          review_mode: 'autoreview',
          autoreview_prompt: 'The story shows the serum bottle and a link sticker.',
        }),
      ],
    },
  },
  {
    status: 'auto_paused',
    reason: 'billing_issue',
    daysAgo: 40,
    spentCents: 45_000,
    body: {
      name: 'Hydra Mist Creator Seeding',
      description: 'We send you Hydra Mist; you show it on the go.',
      product: { name: 'Hydra Mist', url: 'https://glowlab.example/hydra-mist' },
      links: [
        { url: 'https://glowlab.example/hydra-mist', service: 'shop', affiliate_code: 'MIST10' },
      ],
      content_deadline_date: dateIn(10),
      post_deadline_date: dateIn(30),
      tasks: [
        t('Gym bag essentials', 'Show what is in your gym bag, Hydra Mist included.', {
          formats: ['feed_video_ugc'],
        }),
        t('Midday refresh', 'A quick midday refresh at your desk.', {
          platforms: ['tiktok', 'instagram'],
        }),
      ],
    },
  },
  {
    status: 'pending_approval',
    daysAgo: 3,
    body: {
      name: 'Holiday Gift Sets 2026',
      description: 'Unbox our three holiday gift sets and pick a favourite.',
      visibility: 'unlisted',
      product: { name: 'Holiday Gift Sets', url: 'https://glowlab.example/holiday' },
      content_deadline_date: dateIn(35),
      post_deadline_date: dateIn(45),
      settings: { completion_mode: 'pick_one' },
      tasks: [
        t('Unboxing', 'Unbox one gift set and show every item.', { formats: ['feed_video'] }),
        t('Gift guide carousel', 'A carousel of the three sets with prices.', {
          platforms: ['instagram'],
          formats: ['feed_images'],
        }),
      ],
    },
  },
  {
    status: 'denied',
    reason:
      'The brief link points to an internal document creators cannot open. Share a public brief and resubmit.',
    daysAgo: 6,
    body: {
      name: 'Night Repair Cream Teaser',
      description: 'Tease the launch of Night Repair Cream before it is in stores.',
      brief_url: 'https://intranet.glowlab.example/night-repair',
      product: { name: 'Night Repair Cream' },
      tasks: [
        t('Teaser clip', 'Show the box without opening it.', { formats: ['feed_video'] }),
        t('Nighttime routine', 'Your evening routine, ending with the cream.', {
          platforms: ['youtube'],
          formats: ['feed_video'],
        }),
      ],
    },
  },
  {
    status: 'draft',
    daysAgo: 1,
    body: {
      name: 'Spring Skincare Refresh',
      description: 'Early draft: spring routine with our SPF moisturiser.',
      product: { name: 'Daily SPF 30 Moisturiser', url: 'https://glowlab.example/spf30' },
      settings: { completion_mode: 'some_required' },
      tasks: [
        t('SPF reminder', 'Remind your audience to wear SPF every day.', { is_required: true }),
        t('Outdoor test', 'Wear it outdoors for a day and report back.', {
          is_required: false,
          platforms: ['youtube'],
        }),
      ],
    },
  },
  {
    status: 'completed',
    daysAgo: 90,
    spentCents: 310_000,
    body: {
      name: 'Back to School Clear Skin',
      description: 'Our clarifying cleanser for the first weeks of school.',
      product: { name: 'Clarifying Cleanser', url: 'https://glowlab.example/cleanser' },
      targeting: {
        root_operator: 'AND',
        groups: [allOf(isIn('prop_age', '16-24'), isIn('prop_language', 'l_en'))],
      },
      content_deadline_date: dateIn(-60),
      post_deadline_date: dateIn(-50),
      tasks: [
        t('Get ready with me', 'A school-morning GRWM with the cleanser.', {
          formats: ['feed_video'],
        }),
        t('Week one check-in', 'How your skin looks after a week.', { platforms: ['instagram'] }),
      ],
    },
  },
  {
    status: 'active',
    daysAgo: 12,
    weeklyVideoCap: 3,
    spentCents: 72_000,
    body: {
      name: 'Glow Weekly Creators',
      description: 'An always-on programme: up to three videos a week about any Glow Lab product.',
      visibility: 'unlisted',
      product: { name: 'Glow Lab range', url: 'https://glowlab.example/shop' },
      settings: { completion_mode: 'all_optional', post_approval_mode: 'lenient' },
      tasks: [
        t('Weekly product video', 'Any Glow Lab product, any format, under 60 seconds.', {
          platforms: ['tiktok', 'instagram'],
        }),
        t('Routine remix', 'Remix a routine video from our examples.', {
          video_examples: ['https://glowlab.example/examples/remix.mp4'],
        }),
      ],
    },
  },
];

const northwind: DemoCampaign[] = [
  {
    status: 'active',
    daysAgo: 18,
    spentCents: 96_000,
    body: {
      name: 'Trailhead Jacket Field Test',
      description: 'Take the Trailhead rain jacket on a real hike in real weather.',
      instructions: 'Show the jacket in the rain if you can. Mention the pit zips.',
      product: {
        name: 'Trailhead Rain Jacket',
        url: 'https://northwind.example/trailhead',
        image_url: '/samples/trailhead.svg',
      },
      links: [
        { url: 'https://northwind.example/trailhead', service: 'shop', affiliate_code: 'TRAIL20' },
      ],
      targeting: {
        root_operator: 'AND',
        groups: [
          { name: 'Markets', ...anyOf(isIn('prop_country', 'c_us', 'c_ca', 'c_no', 'c_se')) },
          { name: 'Outdoor creators', ...anyOf(isIn('prop_niche', 'n_outdoors', 'n_travel')) },
          allOf(isIn('prop_followers', '5000-500000')),
        ],
      },
      content_deadline_date: dateIn(20),
      post_deadline_date: dateIn(28),
      tasks: [
        t('Rainy hike', 'A short video of a hike in the rain wearing the jacket.', {
          platforms: ['tiktok', 'youtube'],
          formats: ['feed_video'],
        }),
        t('Packability', 'Show the jacket packing into its own pocket.', {
          platforms: ['instagram'],
          formats: ['feed_video', 'story_video'],
        }),
      ],
    },
  },
  {
    status: 'paused',
    daysAgo: 33,
    spentCents: 54_000,
    body: {
      name: 'Basecamp Tent Unboxing',
      description: 'Unbox and pitch the Basecamp 2 tent in under ten minutes.',
      product: { name: 'Basecamp 2 Tent', url: 'https://northwind.example/basecamp-2' },
      content_deadline_date: dateIn(12),
      post_deadline_date: dateIn(19),
      tasks: [
        t('Timed pitch', 'Pitch the tent with a timer on screen.', { formats: ['feed_video'] }),
        t('Campsite tour', 'A tour of your campsite with the tent set up.', {
          platforms: ['youtube'],
        }),
      ],
    },
  },
  {
    status: 'pending_approval',
    daysAgo: 2,
    body: {
      name: 'Winter Layers Lookbook',
      description: 'Three winter outfits built from Northwind base and mid layers.',
      product: { name: 'Winter Layering Kit', url: 'https://northwind.example/layers' },
      settings: { creator_approval_required: true },
      tasks: [
        t('Lookbook carousel', 'Three outfits, one slide each.', {
          platforms: ['instagram'],
          formats: ['feed_images'],
        }),
        t('Layering explained', 'Explain base, mid and outer layers in 30 seconds.', {
          formats: ['feed_video'],
        }),
      ],
    },
  },
  {
    status: 'denied',
    reason:
      'Cooking over an open fire needs creators aged 18 or over; the targeting includes 16 and 17. Adjust the age range.',
    daysAgo: 5,
    body: {
      name: 'Campfire Cookware Stories',
      description: 'Cook a camp meal with the Northwind cookware set.',
      product: { name: 'Campfire Cookware Set' },
      targeting: {
        root_operator: 'AND',
        groups: [allOf(isIn('prop_age', '16-30'))],
      },
      tasks: [
        t('Camp meal', 'Cook one meal start to finish.', {
          platforms: ['instagram'],
          formats: ['story_video'],
        }),
        t('Clean-up hack', 'Show how the set nests for packing.', { formats: ['feed_video'] }),
      ],
    },
  },
  {
    status: 'draft',
    daysAgo: 0,
    body: {
      name: 'Summit Backpack UGC',
      description: 'Skeleton draft: tasks to come.',
      visibility: 'unlisted',
      product: { name: 'Summit 40L Backpack', url: 'https://northwind.example/summit-40' },
      tasks: [
        t('What is in my pack', 'Pack for a day hike on camera.', { formats: ['feed_video_ugc'] }),
      ],
    },
  },
  {
    status: 'completed',
    daysAgo: 120,
    spentCents: 415_000,
    body: {
      name: 'Fall Hiking Challenge',
      description: 'Hike 50 km in October and document it.',
      product: { name: 'Ridge Trail Shoes', url: 'https://northwind.example/ridge' },
      content_deadline_date: dateIn(-80),
      post_deadline_date: dateIn(-70),
      tasks: [
        t('Challenge kickoff', 'Announce your 50 km challenge.', {
          platforms: ['tiktok', 'instagram'],
        }),
        t('Finish line', 'Film the last kilometre.', { formats: ['feed_video'] }),
      ],
    },
  },
];

const pixelCoffee: DemoCampaign[] = [
  {
    status: 'active',
    daysAgo: 9,
    spentCents: 38_000,
    body: {
      name: 'Cold Brew Season',
      description: 'Make our cold brew concentrate three ways.',
      product: { name: 'Cold Brew Concentrate', url: 'https://pixelcoffee.example/cold-brew' },
      links: [
        {
          url: 'https://pixelcoffee.example/cold-brew',
          service: 'shop',
          affiliate_code: 'PIXEL10',
        },
      ],
      targeting: {
        root_operator: 'OR',
        groups: [
          allOf(isIn('prop_niche', 'n_food', 'n_cooking')),
          allOf(isIn('prop_engagement_rate', '4-100')),
        ],
      },
      content_deadline_date: dateIn(16),
      post_deadline_date: dateIn(23),
      tasks: [
        t('Three recipes', 'Three cold brew drinks in one video.', {
          formats: ['feed_video_music'],
          tiktok_sound_url: 'https://www.tiktok.example/music/pixel-theme',
        }),
        t('Taste test', 'A blind taste test with a friend.', {
          platforms: ['instagram'],
          formats: ['feed_video'],
        }),
      ],
    },
  },
  {
    status: 'auto_paused',
    reason: 'other',
    daysAgo: 27,
    spentCents: 12_500,
    body: {
      name: 'Espresso at Home',
      description: 'Pull a shot with our Signature espresso beans.',
      product: { name: 'Signature Espresso Beans', url: 'https://pixelcoffee.example/espresso' },
      tasks: [
        t('First shot', 'Your first shot of the day, start to finish.', {
          formats: ['feed_video'],
        }),
        t('Latte art attempt', 'Try a heart; show the result either way.', {
          platforms: ['instagram'],
        }),
      ],
    },
  },
  {
    status: 'pending_approval',
    daysAgo: 4,
    body: {
      name: 'Pixel Mug Giveaway',
      description: 'Announce our limited pixel-art mug.',
      product: { name: 'Pixel Mug' },
      tasks: [
        t('Mug reveal', 'Reveal the mug with your morning coffee.', {
          platforms: ['instagram', 'tiktok'],
        }),
        t('Giveaway story', 'A story pointing to the giveaway post.', {
          platforms: ['instagram'],
          formats: ['story_images'],
        }),
      ],
    },
  },
  {
    status: 'denied',
    reason:
      'The product link is missing. Add a product URL so creators know what they are promoting.',
    daysAgo: 7,
    body: {
      name: 'Decaf Evenings',
      description: 'Our Swiss-water decaf for late-night coffee lovers.',
      product: { name: 'Decaf House Blend' },
      tasks: [
        t('Evening wind-down', 'Your evening routine with a decaf.', { formats: ['feed_video'] }),
        t('Why decaf', 'Thirty seconds on why you switched.', { platforms: ['youtube'] }),
      ],
    },
  },
  {
    status: 'draft',
    daysAgo: 1,
    body: {
      name: 'Office Coffee Club',
      description: 'Draft: a B2B angle for office subscriptions.',
      product: { name: 'Office Subscription' },
    },
  },
  {
    status: 'completed',
    daysAgo: 75,
    spentCents: 98_000,
    body: {
      name: 'Pumpkin Spice Drop',
      description: 'The seasonal blend, for one month only.',
      product: { name: 'Pumpkin Spice Blend', url: 'https://pixelcoffee.example/pumpkin' },
      content_deadline_date: dateIn(-45),
      post_deadline_date: dateIn(-40),
      tasks: [
        t('First sip', 'Your reaction to the first sip.', { formats: ['feed_video'] }),
        t('Autumn flatlay', 'A flatlay of the bag with autumn props.', {
          platforms: ['instagram'],
          formats: ['feed_images'],
        }),
      ],
    },
  },
  {
    status: 'paused',
    daysAgo: 15,
    weeklyVideoCap: 2,
    spentCents: 20_000,
    body: {
      name: 'Pixel Coffee Weekly Brews',
      description: 'Two short coffee videos a week, any Pixel Coffee product.',
      product: { name: 'Pixel Coffee range', url: 'https://pixelcoffee.example/shop' },
      settings: { completion_mode: 'all_optional' },
      tasks: [
        t('Weekly brew', 'Brew any Pixel Coffee product your way.', {
          platforms: ['tiktok', 'instagram', 'youtube'],
        }),
        t('Coffee fact', 'One coffee fact in under 20 seconds.'),
      ],
    },
  },
];

/** Its status at the end of its demo history, through the status machine's own transitions. */
function finalState(c: DemoCampaign, at: Date): StatusState {
  // A denial or an automatic pause came half a day after the campaign was created.
  const now = new Date(at.getTime() + DAY / 2);
  switch (c.status) {
    case 'denied':
      return stateAfter('deny', pendingApproval, { now, reason: c.reason ?? '' });
    case 'auto_paused':
      return stateAfter('auto_pause', active, { now, reason: c.reason });
    default:
      return { status: c.status, statusDetail: null, acceptingSubmissions: c.status === 'active' };
  }
}

const pendingApproval: StatusState = {
  status: 'pending_approval',
  statusDetail: null,
  acceptingSubmissions: false,
};
const active: StatusState = { status: 'active', statusDetail: null, acceptingSubmissions: true };

/** Creates the demo campaigns of the three demo brands (run in the seed's transaction). */
/**
 * The demo's images are served by the service itself (public/samples, like the sample media):
 * a value written `/samples/…` above becomes `<mediaBase>/samples/…`, an address that resolves.
 */
function onThisService(body: DemoCampaign['body'], mediaBase: string): DemoCampaign['body'] {
  return JSON.parse(JSON.stringify(body), (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith('/samples/') ? `${mediaBase}${value}` : value,
  ) as DemoCampaign['body'];
}

export async function seedDemoCampaigns(
  tx: Tx,
  brandIds: { glow: string; northwind: string; pixel: string },
  mediaBase: string,
): Promise<number> {
  const all: [string, DemoCampaign][] = [
    ...glowLab.map((c) => [brandIds.glow, c] as [string, DemoCampaign]),
    ...northwind.map((c) => [brandIds.northwind, c] as [string, DemoCampaign]),
    ...pixelCoffee.map((c) => [brandIds.pixel, c] as [string, DemoCampaign]),
  ];
  const history = [];
  for (const [index, [brandId, c]] of all.entries()) {
    const id = await insertCampaign(tx, {
      brandId,
      body: onThisService(c.body, mediaBase),
      weeklyVideoCap: c.weeklyVideoCap,
    });
    // Spread over the day as well, so no two demo campaigns share a created_at.
    const at = new Date(Date.now() - c.daysAgo * DAY - (index + 1) * 60_000);
    const updated = c.status === 'draft' ? at : new Date(Math.min(Date.now(), at.getTime() + DAY));
    const state = finalState(c, at);
    history.push(
      sql`(${id}::uuid, ${state.status}::campaign_status, ${state.statusDetail ? JSON.stringify(state.statusDetail) : null}::jsonb,
        ${state.acceptingSubmissions}::boolean, ${c.spentCents ?? 0}::bigint, ${at.toISOString()}::timestamptz, ${updated.toISOString()}::timestamptz)`,
    );
  }
  // One statement each for the campaigns' and their tasks' history.
  await tx.execute(sql`
    update ${campaigns} set status = h.status, status_detail = h.status_detail,
      accepting_submissions = h.accepting, spent_cents = h.spent, created_at = h.created, updated_at = h.updated,
      -- A campaign pending approval was sent at its last change (docs/api.md#getting-live).
      publish_requested_at = case when h.status = 'pending_approval' then h.updated end
    from (values ${sql.join(history, sql`, `)}) as h(id, status, status_detail, accepting, spent, created, updated)
    where ${campaigns.id} = h.id`);
  await tx.execute(sql`
    update ${tasks} set created_at = c.created_at, updated_at = c.created_at
    from ${campaigns} c where ${tasks.campaignId} = c.id and c.brand_id in (${brandIds.glow}::uuid, ${brandIds.northwind}::uuid, ${brandIds.pixel}::uuid)`);
  return all.length;
}
