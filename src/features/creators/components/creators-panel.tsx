import type { CampaignSummary } from '#contract/campaigns';
import { CREATOR_STATUS_LABELS, CreatorStatus, type CampaignStatus } from '#contract/enums';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatNumber } from '#lib/format';
import { rememberCampaign } from '#lib/campaign-choice';
import { Users } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { CampaignPickerPanel } from '#components/form/campaign-picker';
import { CsvExportControl } from '#components/ui/csv-export-control';
import { ToggleChip } from '#components/ui/toggle-chip';
import { useCsvExport } from '#lib/csv-export';
import { campaignCreatorOptions, type FitFilter } from '../api/creators';
import { focusFirstApplicant } from '../focus';
import { creatorsExportJob } from '../export-creators';
import { ApplicationsList } from './applications-list';
import { ApprovedCreators } from './approved-creators';

type CampaignShown = {
  id: string;
  name: string;
  targeting?: unknown;
  settings?: { creator_approval_required: boolean };
};

/** What the picker says of each campaign on Creators: where applicants wait. */
export function waitingWord(campaign: CampaignSummary): string {
  if (!campaign.settings.creator_approval_required) return 'No approval needed';
  const n = campaign.creators_waiting;
  if (n === 0) return 'No applicants waiting';
  return `${formatNumber(n)} ${n === 1 ? 'applicant' : 'applicants'} waiting`;
}

const FIT_CHOICES: readonly { value: FitFilter; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'fits', label: 'Fits targeting' },
  { value: 'misfits', label: 'Doesn’t fit' },
];
const FIT_PARAM: Record<FitFilter, string | null> = { all: null, fits: 'true', misfits: 'false' };
const readFit = (value: string | null): FitFilter =>
  value === 'true' ? 'fits' : value === 'false' ? 'misfits' : 'all';

/**
 * A campaign's creators by application status (tabs). Applied and Rejected show who each creator
 * is and whether they fit the campaign's targeting (Applied with Approve and Reject); Approved
 * shows what each approved creator has done. The URL holds the campaign, tab and fit filter.
 */
export function CreatorsPanel({
  brandId,
  statuses,
  campaignId,
  campaign,
  none,
  canDecide,
}: {
  brandId: string;
  /** The statuses of the campaigns the picker offers. */
  statuses: readonly CampaignStatus[];
  /** The campaign shown (the screen chooses it); null while the brand has none. */
  campaignId: string | null;
  /** That campaign, once read (its targeting and name). */
  campaign: CampaignShown | undefined;
  /** The brand has no campaign in `statuses`. */
  none: boolean;
  canDecide: boolean;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const named = CreatorStatus.safeParse(searchParams.get('status')).data;
  const status = named ?? 'applied';
  const fits = readFit(searchParams.get('fits'));
  // A link to one creator (`?creator=`, from Activity) opens the tab they are on now.
  const highlighted = searchParams.get('creator');
  const linked = useQuery({
    ...campaignCreatorOptions(brandId, campaignId ?? '', highlighted ?? ''),
    enabled: !!campaignId && !!highlighted && !named,
    retry: false,
  });
  const linkedStatus = linked.data?.status;
  useEffect(() => {
    if (!linkedStatus || named) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (linkedStatus === 'applied') next.delete('status');
        else next.set('status', linkedStatus);
        // Only the tab's own rows are looked through for the creator: every one of them.
        next.delete('fits');
        return next;
      },
      { replace: true },
    );
  }, [linkedStatus, named, setSearchParams]);

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearchParams(next, { replace: true });
  };

  const openToAll = campaign !== undefined && !campaign.targeting;
  return (
    <CampaignPickerPanel
      brandId={brandId}
      statuses={statuses}
      value={campaignId}
      none={none}
      onChange={(value) => {
        rememberCampaign('creators', brandId, value);
        const next = new URLSearchParams(searchParams);
        next.set('campaign', value);
        next.delete('creator'); // a creator of the campaign before
        setSearchParams(next, { replace: true });
      }}
      detail={waitingWord}
      empty={{
        icon: Users,
        text: 'Creators appear here once a campaign is published and they apply.',
      }}
    >
      {canDecide && status === 'applied' ? (
        // The first Approve in two Tabs from the heading (docs/decisions/0166).
        <button
          type="button"
          onClick={() => focusFirstApplicant()}
          className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-800 shadow-sm ring-1 ring-gray-300 focus:not-sr-only focus:inline-block"
        >
          Go to the first applicant
        </button>
      ) : null}
      <Tabs.Root
        value={status}
        onValueChange={(value) => setParam('status', value === 'applied' ? null : value)}
      >
        <Tabs.List aria-label="Application status" className="flex gap-1 border-b border-gray-200">
          {CreatorStatus.options.map((s) => (
            <Tabs.Trigger
              key={s}
              value={s}
              data-tab={s}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-gray-700 hover:text-gray-900 data-[state=active]:border-indigo-700 data-[state=active]:text-indigo-800"
            >
              {CREATOR_STATUS_LABELS[s]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={status} className="space-y-3 pt-4">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div role="group" aria-label="Targeting fit" className="flex flex-wrap gap-2">
              {FIT_CHOICES.map((choice) => (
                <ToggleChip
                  key={choice.value}
                  pressed={fits === choice.value}
                  onClick={() => setParam('fits', FIT_PARAM[choice.value])}
                >
                  {choice.label}
                </ToggleChip>
              ))}
            </div>
            {campaign && campaign.id === campaignId ? (
              <CreatorsExport
                key={`export-${campaign.id}-${status}`}
                campaign={campaign}
                status={status}
              />
            ) : null}
          </div>
          {campaignId === null ? null : status === 'approved' ? (
            <ApprovedCreators
              key={`${campaignId}-${fits}`}
              brandId={brandId}
              campaignId={campaignId}
              fits={fits}
              highlighted={highlighted}
            />
          ) : (
            <ApplicationsList
              key={`${campaignId}-${status}-${fits}`}
              brandId={brandId}
              campaignId={campaignId}
              status={status}
              fits={fits}
              canDecide={canDecide}
              openToAll={openToAll}
              approvalRequired={campaign?.settings?.creator_approval_required}
              highlighted={highlighted}
              onShowApproved={() => {
                setParam('status', 'approved');
                // The button goes with the tab's content: the focus goes to the tab shown.
                document.querySelector<HTMLElement>('[role="tab"][data-tab="approved"]')?.focus();
              }}
            />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </CampaignPickerPanel>
  );
}

/** The tab's creators (every page) as a CSV file. */
function CreatorsExport({ campaign, status }: { campaign: CampaignShown; status: CreatorStatus }) {
  const csv = useCsvExport();
  return (
    <CsvExportControl
      label={`Export ${CREATOR_STATUS_LABELS[status].toLowerCase()} creators as CSV`}
      state={csv.state}
      onStart={() => void csv.start(creatorsExportJob(campaign, status))}
      onCancel={csv.cancel}
      onDismiss={csv.clear}
    />
  );
}
