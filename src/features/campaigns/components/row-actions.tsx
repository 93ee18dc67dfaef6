import type { CampaignSummary } from '#contract/campaigns';
import { MoreHorizontal } from 'lucide-react';
import { memo, useRef } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#components/ui/dropdown-menu';
import { paths } from '#config/paths';
import type { CampaignLinkState } from '../back-link';
import { allowedCommands, type CampaignCommand } from '../campaign-status';

export type RowCommand = Exclude<CampaignCommand, 'view' | 'edit'>;

/** Runs a command picked in a row's menu; `trigger` gets the focus back after a dialog. */
export type RowCommandHandler = (
  command: RowCommand,
  campaign: CampaignSummary,
  trigger: HTMLElement | null,
) => void;

const LABELS: Record<CampaignCommand, string> = {
  view: 'View campaign',
  edit: 'Edit',
  publish: 'Publish',
  withdraw: 'Withdraw request to edit',
  pause: 'Pause',
  resume: 'Resume',
  delete: 'Delete draft',
};

/**
 * A row's "Actions for …" menu: only what the campaign's status allows. Closed, it is one button;
 * the items mount when it opens.
 */
export const CampaignRowActions = memo(function CampaignRowActions({
  campaign,
  canWrite,
  onCommand,
  linkState,
}: {
  campaign: CampaignSummary;
  canWrite: boolean;
  onCommand: RowCommandHandler;
  linkState: CampaignLinkState;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    // Not modal: the rest of the page is not hidden from screen readers while the menu is open,
    // and a dialog opened from an item takes over cleanly.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button
          ref={triggerRef}
          type="button"
          aria-label={`Actions for ${campaign.name}`}
          className="flex size-8 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-offset-[-2px] data-[state=open]:bg-gray-100"
        >
          <MoreHorizontal aria-hidden="true" className="size-4" />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <RowActionItems
          campaign={campaign}
          canWrite={canWrite}
          linkState={linkState}
          onCommand={(command) => onCommand(command, campaign, triggerRef.current)}
        />
      </DropdownMenuContent>
    </DropdownMenu>
  );
});

function RowActionItems({
  campaign,
  canWrite,
  linkState,
  onCommand,
}: {
  campaign: CampaignSummary;
  canWrite: boolean;
  linkState: CampaignLinkState;
  onCommand: (command: RowCommand) => void;
}) {
  return allowedCommands(campaign.status, canWrite).map((command) => {
    if (command === 'view' || command === 'edit') {
      const to =
        command === 'view'
          ? paths.campaign.href(campaign.brand_id, campaign.id)
          : paths.campaignEdit.href(campaign.brand_id, campaign.id);
      return (
        <DropdownMenuItem key={command} asChild>
          <Link to={to} state={linkState}>
            {LABELS[command]}
          </Link>
        </DropdownMenuItem>
      );
    }
    return (
      <DropdownMenuItem
        key={command}
        danger={command === 'delete'}
        onSelect={() => onCommand(command)}
      >
        {LABELS[command]}
      </DropdownMenuItem>
    );
  });
}
