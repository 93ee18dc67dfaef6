import type { CampaignSummary } from '#contract/campaigns';
import { Pause, Pencil, Play, Send, Trash2, type LucideIcon } from 'lucide-react';
import { useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#components/ui/button';
import { Spinner } from '#components/ui/spinner';
import { paths } from '#config/paths';
import { allowedCommands } from '../campaign-status';
import {
  ConfirmCommandDialog,
  useDirectCommands,
  type CampaignRef,
  type ConfirmRequest,
} from './campaign-commands';

/** The commands that start at once (no dialog), with what their button says while they run. */
const RUNNING_BUTTONS = {
  publish: { icon: Send, label: 'Publish', runningLabel: 'Publishing…' },
  resume: { icon: Play, label: 'Resume', runningLabel: 'Resuming…' },
};

/** A command that starts at once: while it runs, a spinner and what it is doing; clicks wait. */
function RunningButton({
  command,
  running,
  onClick,
}: {
  command: keyof typeof RUNNING_BUTTONS;
  running: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const { icon: Icon, label, runningLabel } = RUNNING_BUTTONS[command];
  return (
    <Button
      onClick={(event) => (running ? undefined : onClick(event))}
      aria-disabled={running || undefined}
    >
      {running ? <Spinner className="size-4" /> : <Icon aria-hidden="true" className="size-4" />}
      {running ? runningLabel : label}
    </Button>
  );
}

/** A command that asks first: a secondary button that opens the command's dialog. */
function AskingButton({
  icon: Icon,
  label,
  onClick,
  className,
}: {
  icon: LucideIcon;
  label: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  className?: string;
}) {
  return (
    <Button variant="secondary" onClick={onClick} className={className}>
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}

/**
 * The campaign page's actions, only those its status allows: Publish, Pause, Resume, Edit,
 * Delete draft (a pending campaign's Withdraw is in its PendingReviewPanel, beside what it
 * explains). Publish, pause and delete ask first; a refusal shows the service's message (publish and
 * resume in the central toast, pause and delete inside their dialog).
 */
export function CampaignActions({
  campaign,
  brandId,
  canWrite,
  onDeleted,
}: {
  campaign: CampaignSummary;
  brandId: string;
  canWrite: boolean;
  onDeleted: (campaign: CampaignRef) => void;
}) {
  const direct = useDirectCommands(brandId);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const groupRef = useRef<HTMLDivElement>(null);
  const commands = allowedCommands(campaign.status, canWrite);

  const ask = (command: ConfirmRequest['command']) => (event: MouseEvent<HTMLButtonElement>) => {
    setConfirm({ command, campaign, returnFocus: event.currentTarget });
    setConfirmOpen(true);
  };
  const publishing = direct.publishing === campaign.id;
  const resuming = direct.resuming === campaign.id;

  return (
    <div ref={groupRef} className="flex flex-wrap items-center gap-2">
      {commands.includes('publish') ? (
        <RunningButton command="publish" running={publishing} onClick={ask('publish')} />
      ) : null}
      {commands.includes('resume') ? (
        <RunningButton
          command="resume"
          running={resuming}
          onClick={() => direct.resume(campaign)}
        />
      ) : null}
      {commands.includes('pause') ? (
        <AskingButton icon={Pause} label="Pause" onClick={ask('pause')} />
      ) : null}
      {commands.includes('edit') ? (
        <Link
          to={paths.campaignEdit.href(campaign.brand_id, campaign.id)}
          className={buttonClasses('secondary')}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Link>
      ) : null}
      {commands.includes('delete') ? (
        <AskingButton
          icon={Trash2}
          label="Delete draft"
          onClick={ask('delete')}
          className="text-red-800"
        />
      ) : null}
      <ConfirmCommandDialog
        brandId={brandId}
        request={confirm}
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onDeleted={onDeleted}
        // After a pause its button is gone: focus the first action instead (Resume).
        fallbackFocus={() => groupRef.current?.querySelector<HTMLElement>('button, a') ?? null}
      />
    </div>
  );
}
