import type { CampaignSummary } from '#contract/campaigns';
import { Pause, Pencil, Play, Send, Trash2 } from 'lucide-react';
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

/**
 * The campaign page's actions, only those its status allows: Publish, Pause, Resume, Edit,
 * Delete draft. Publish, pause and delete ask first; a refusal shows the service's message (publish and
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
      {campaign.status === 'pending_approval' ? (
        <p className="max-w-prose text-sm text-gray-700">
          Pending approval: the platform checks the campaign before it goes live. It cannot be
          edited meanwhile; if it is denied, it comes back as a draft with the reason.
        </p>
      ) : null}
      {commands.includes('publish') ? (
        <Button
          onClick={(event) => (publishing ? undefined : ask('publish')(event))}
          aria-disabled={publishing || undefined}
        >
          {publishing ? (
            <Spinner className="size-4" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {publishing ? 'Publishing…' : 'Publish'}
        </Button>
      ) : null}
      {commands.includes('resume') ? (
        <Button
          onClick={() => (resuming ? undefined : direct.resume(campaign))}
          aria-disabled={resuming || undefined}
        >
          {resuming ? (
            <Spinner className="size-4" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
          {resuming ? 'Resuming…' : 'Resume'}
        </Button>
      ) : null}
      {commands.includes('pause') ? (
        <Button variant="secondary" onClick={ask('pause')}>
          <Pause aria-hidden="true" className="size-4" />
          Pause
        </Button>
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
        <Button variant="secondary" onClick={ask('delete')} className="text-red-800">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete draft
        </Button>
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
