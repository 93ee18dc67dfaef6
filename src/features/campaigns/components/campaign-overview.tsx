import type { Campaign, CampaignSettings } from '#contract/campaigns';
import {
  COMPLETION_MODE_DESCRIPTIONS,
  COMPLETION_MODE_LABELS,
  POST_APPROVAL_MODE_DESCRIPTIONS,
  POST_APPROVAL_MODE_LABELS,
  VISIBILITY_LABELS,
  type Visibility,
} from '#contract/enums';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { CopyButton } from '#components/ui/copy-button';
import { ExternalLink } from '#components/ui/external-link';
import { RemoteImage } from '#components/ui/remote-image';
import { formatDate, formatDateTime, formatMoney } from '#lib/format';

/** A titled block of the campaign page. */
export function Section({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={clsx('rounded-lg border border-gray-200 bg-white p-5 shadow-xs', className)}
    >
      <h2 className="mb-3 text-base font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

/** One term and its value; `note` explains it in a line. */
export function Fact({
  term,
  children,
  note,
  className,
}: {
  term: string;
  children: ReactNode;
  note?: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('py-2 first:pt-0 last:pb-0', className)}>
      <dt className="text-sm font-medium text-gray-700">{term}</dt>
      <dd className="mt-0.5 text-sm text-gray-900">
        {children}
        {note ? <p className="mt-0.5 text-sm text-gray-600">{note}</p> : null}
      </dd>
    </div>
  );
}

/** Text someone typed, line breaks kept; or a grey "None" when empty. */
export function Prose({ text, empty = 'None' }: { text: string | null; empty?: string }) {
  if (!text?.trim()) return <None>{empty}</None>;
  return <span className="block whitespace-pre-line">{text}</span>;
}

/** An image beside a list of facts, such as the campaign's icon beside its brief. */
function ImageFacts({
  src,
  alt,
  size,
  children,
}: {
  src: string | null;
  alt: string;
  /** The image's size class, e.g. `size-16`. */
  size: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-4">
      <RemoteImage
        src={src}
        alt={alt}
        className={`${size} shrink-0 rounded-md border border-gray-200 object-cover`}
      />
      <dl className="min-w-0 flex-1 divide-y divide-gray-100">{children}</dl>
    </div>
  );
}

/** A grey "None" (or what is given) where a value is missing. */
function None({ children = 'None' }: { children?: string }) {
  return <span className="text-gray-600">{children}</span>;
}

/** A section listing some of the campaign's items, or saying there are none. */
function ListSection<T>({
  title,
  items,
  none,
  className,
  children,
}: {
  title: string;
  items: readonly T[];
  /** "No links." */
  none: string;
  className: string;
  /** One item's `li`. */
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <Section title={title}>
      {items.length === 0 ? (
        <p className="text-sm text-gray-600">{none}</p>
      ) : (
        <ul className={className}>{items.map(children)}</ul>
      )}
    </Section>
  );
}

/** A fact whose value is an address to open, or "None". */
function LinkFact({ term, href }: { term: string; href: string | null }) {
  return <Fact term={term}>{href ? <ExternalLink href={href} /> : <None />}</Fact>;
}

const VISIBILITY_NOTES: Record<Visibility, string> = {
  public: 'Appears in creator discovery.',
  unlisted: 'Reachable only with the invite code or a direct link.',
};

const SETTING_NOTES = {
  creator_approval_required: {
    true: 'Creators must be approved before they start work.',
    false: 'Creators can start work without being approved first.',
  },
  brand_approval_required: {
    true: 'For agency-managed campaigns, the brand also signs off after the agency’s review.',
    false: 'The first review is final; the brand does not sign off separately.',
  },
} as const;

function SettingsList({ settings }: { settings: CampaignSettings }) {
  const yesNo = (value: boolean) => (value ? 'Required' : 'Not required');
  return (
    <dl className="divide-y divide-gray-100">
      <Fact
        term="Creator approval"
        note={SETTING_NOTES.creator_approval_required[`${settings.creator_approval_required}`]}
      >
        {yesNo(settings.creator_approval_required)}
      </Fact>
      <Fact
        term="Brand approval"
        note={SETTING_NOTES.brand_approval_required[`${settings.brand_approval_required}`]}
      >
        {yesNo(settings.brand_approval_required)}
      </Fact>
      <Fact
        term="Post approval"
        note={POST_APPROVAL_MODE_DESCRIPTIONS[settings.post_approval_mode]}
      >
        {POST_APPROVAL_MODE_LABELS[settings.post_approval_mode]}
      </Fact>
      <Fact term="Completion" note={COMPLETION_MODE_DESCRIPTIONS[settings.completion_mode]}>
        {COMPLETION_MODE_LABELS[settings.completion_mode]}
      </Fact>
    </dl>
  );
}

function DateOrNone({ value, none }: { value: string | null; none: string }) {
  return value ? <>{formatDate(value)}</> : <None>{none}</None>;
}

/**
 * Everything the campaign says about itself: the brief, product, links, settings, who may join,
 * deadlines and spend. `targeting` is the rule as a sentence (the route composes it from the
 * targeting area, which this one does not import).
 */
export function CampaignOverview({
  campaign,
  targeting,
}: {
  campaign: Campaign;
  targeting: ReactNode;
}) {
  const { product } = campaign;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
      <div className="space-y-6">
        <Section title="Brief">
          <ImageFacts src={campaign.icon_url} alt="Campaign icon" size="size-16">
            <Fact term="Description">
              <Prose text={campaign.description} />
            </Fact>
            <Fact term="Instructions">
              <Prose text={campaign.instructions} />
            </Fact>
            <LinkFact term="Brief document" href={campaign.brief_url} />
          </ImageFacts>
        </Section>

        <Section title="Product">
          <ImageFacts src={product.image_url} alt={product.name} size="size-24">
            <Fact term="Name">{product.name}</Fact>
            <LinkFact term="Product page" href={product.url} />
          </ImageFacts>
        </Section>

        <ListSection
          title="Links"
          items={campaign.links}
          none="No links."
          className="divide-y divide-gray-100"
        >
          {(link) => (
            <li key={link.id} className="py-2 text-sm first:pt-0 last:pb-0">
              <ExternalLink href={link.url}>{link.description || link.url}</ExternalLink>
              <p className="mt-0.5 flex flex-wrap gap-x-4 text-gray-600">
                {link.description ? <span className="break-all">{link.url}</span> : null}
                {link.service ? <span>Service: {link.service}</span> : null}
                {link.affiliate_code ? (
                  <span>
                    Affiliate code:{' '}
                    <code className="font-mono text-gray-900">{link.affiliate_code}</code>
                  </span>
                ) : null}
              </p>
            </li>
          )}
        </ListSection>

        <ListSection
          title="Example videos"
          items={campaign.video_examples}
          none="No examples."
          className="space-y-1 text-sm"
        >
          {(url, index) => (
            <li key={`${index}-${url}`}>
              <ExternalLink href={url} />
            </li>
          )}
        </ListSection>
      </div>

      <div className="space-y-6">
        <Section title="Schedule and spend">
          <dl className="divide-y divide-gray-100">
            <Fact term="Content deadline" note="Content must be submitted for review by this day.">
              <DateOrNone value={campaign.content_deadline_date} none="No deadline" />
            </Fact>
            <Fact term="Post deadline" note="Approved content must be posted by this day.">
              <DateOrNone value={campaign.post_deadline_date} none="No deadline" />
            </Fact>
            <Fact term="Spent" note="Paid to creators so far.">
              {formatMoney(campaign.spent_cents)}
            </Fact>
            <Fact term="New creators">{newCreatorsText(campaign)}</Fact>
          </dl>
        </Section>

        <Section title="Visibility">
          <dl className="divide-y divide-gray-100">
            <Fact term="Visibility" note={VISIBILITY_NOTES[campaign.visibility]}>
              {VISIBILITY_LABELS[campaign.visibility]}
            </Fact>
            {campaign.invite_code ? (
              <Fact term="Invite code">
                <span className="flex flex-wrap items-center gap-3">
                  <code className="rounded bg-gray-100 px-2 py-1 font-mono text-gray-900">
                    {campaign.invite_code}
                  </code>
                  <CopyButton
                    value={campaign.invite_code}
                    label="Copy invite code"
                    copiedMessage="Invite code copied"
                  />
                </span>
              </Fact>
            ) : null}
          </dl>
        </Section>

        <Section title="Who can join">
          <p className="text-sm text-gray-900">{targeting}</p>
        </Section>

        <Section title="Settings">
          <SettingsList settings={campaign.settings} />
        </Section>

        <Section title="History">
          <dl className="divide-y divide-gray-100">
            <Fact term="Created">{formatDateTime(campaign.created_at)}</Fact>
            <Fact term="Last updated">{formatDateTime(campaign.updated_at)}</Fact>
          </dl>
        </Section>
      </div>
    </div>
  );
}

/** Whether new creators can start, and why not, in the campaign's own status. */
function newCreatorsText(campaign: Campaign): string {
  switch (campaign.status) {
    case 'draft':
      return 'Not yet: publish the campaign first';
    case 'pending_approval':
      return 'Not yet: the campaign is waiting for the platform’s approval';
    case 'completed':
      return 'No: the campaign is completed';
    default:
      return campaign.accepting_submissions ? 'Can start work' : 'Cannot start work (paused)';
  }
}
