import { useQueryClient } from '@tanstack/react-query';
import type { CampaignSummary } from '#contract/campaigns';
import { useCallback } from 'react';
import { ConfirmDialog } from '#components/ui/confirm-dialog';
import { describeError } from '#lib/api-client';
import { CAMPAIGN_TOAST_ID, notify } from '#lib/notify';
import { campaignKeys } from '#lib/campaign-cache';
import { useCampaignAction, useDeleteCampaign } from '../api/campaigns';

/** What the commands need to know of a campaign (a list row or the campaign itself). */
export type CampaignRef = Pick<CampaignSummary, 'id' | 'name' | 'brand_id'>;

/**
 * A command that asks first: publishing locks the campaign while the platform reviews it, pausing
 * stops creators from starting, deleting cannot be undone.
 */
export type ConfirmRequest = {
  command: 'publish' | 'pause' | 'delete';
  campaign: CampaignRef;
  /** Focus goes back here when the dialog closes, if it is still on the page. */
  returnFocus: HTMLElement | null;
};

/**
 * After a command on a campaign of another brand (an agency's "All my brands" list), that
 * brand's cached campaigns are stale too; the hooks refresh the screen's brand.
 */
function useRefreshOwnBrand(brandId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (campaign: CampaignRef) => {
      if (campaign.brand_id !== brandId) {
        void queryClient.invalidateQueries({ queryKey: campaignKeys.all(campaign.brand_id) });
      }
    },
    [queryClient, brandId],
  );
}

/**
 * Publish, withdraw and resume, which need no confirmation. A refusal (409/422) reaches the
 * central toast with the service's message. The functions keep their identity, so memoized rows
 * stay put.
 */
export function useDirectCommands(brandId: string) {
  const { mutate: publishMutate, ...publish } = useCampaignAction(brandId, 'publish');
  const { mutate: withdrawMutate } = useCampaignAction(brandId, 'withdraw');
  const { mutate: resumeMutate, ...resume } = useCampaignAction(brandId, 'resume');
  const refresh = useRefreshOwnBrand(brandId);
  const publishCampaign = useCallback(
    (campaign: CampaignRef) =>
      publishMutate(campaign.id, {
        onSuccess: () => {
          refresh(campaign);
          notify.success(
            'Submitted for approval',
            `“${campaign.name}” goes live once the review approves it.`,
            CAMPAIGN_TOAST_ID,
          );
        },
      }),
    [publishMutate, refresh],
  );
  const withdrawCampaign = useCallback(
    (campaign: CampaignRef) =>
      withdrawMutate(campaign.id, {
        onSuccess: () => {
          refresh(campaign);
          notify.success(
            'Request withdrawn',
            `“${campaign.name}” is a draft again: edit it, then publish it again.`,
            CAMPAIGN_TOAST_ID,
          );
        },
      }),
    [withdrawMutate, refresh],
  );
  const resumeCampaign = useCallback(
    (campaign: CampaignRef) =>
      resumeMutate(campaign.id, {
        onSuccess: () => {
          refresh(campaign);
          notify.success(
            'Campaign resumed',
            `Creators can start work on “${campaign.name}” again.`,
            CAMPAIGN_TOAST_ID,
          );
        },
      }),
    [resumeMutate, refresh],
  );
  return {
    publish: publishCampaign,
    withdraw: withdrawCampaign,
    resume: resumeCampaign,
    /** The id of the campaign being published or resumed, if any. */
    publishing: publish.isPending ? publish.variables : undefined,
    resuming: resume.isPending ? resume.variables : undefined,
  };
}

const COPY = {
  publish: {
    title: (name: string) => `Publish “${name}”?`,
    description:
      'The campaign goes to the platform for approval. While it waits it is locked: nothing can be edited. Once approved it goes live and creators can join; if it is denied, it comes back as a draft with the reason.',
    confirm: 'Publish',
    pending: 'Publishing…',
    refused: 'Could not publish the campaign',
    done: 'Submitted for approval',
    tone: 'primary',
  },
  pause: {
    title: (name: string) => `Pause “${name}”?`,
    description:
      'No new creators can start work on it until you resume it. Work already submitted is still reviewed.',
    confirm: 'Pause campaign',
    pending: 'Pausing…',
    refused: 'Could not pause the campaign',
    done: 'Campaign paused',
    tone: 'primary',
  },
  delete: {
    title: (name: string) => `Delete “${name}”?`,
    description: 'The draft and its tasks are deleted for good. This cannot be undone.',
    confirm: 'Delete draft',
    pending: 'Deleting…',
    refused: 'Could not delete the draft',
    done: 'Draft deleted',
    tone: 'danger',
  },
} as const;

/**
 * The confirmation of a publish, a pause or a delete. It stays open while the request runs and, when the
 * service refuses, shows its message inside (no toast), so the user can read it and cancel.
 */
export function ConfirmCommandDialog({
  brandId,
  request,
  open,
  onClose,
  onDeleted,
  fallbackFocus,
}: {
  brandId: string;
  /** The last command asked for; kept after closing, so focus can return to its trigger. */
  request: ConfirmRequest | null;
  open: boolean;
  onClose: () => void;
  /** After a delete succeeded (the campaign page leaves for the list). */
  onDeleted?: (campaign: CampaignRef) => void;
  /** Where focus goes when the element that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null;
}) {
  const publish = useCampaignAction(brandId, 'publish', { toastErrors: false });
  const pause = useCampaignAction(brandId, 'pause', { toastErrors: false });
  const remove = useDeleteCampaign(brandId, { toastErrors: false });
  const refresh = useRefreshOwnBrand(brandId);
  const mutation =
    request?.command === 'delete' ? remove : request?.command === 'publish' ? publish : pause;
  const copy = COPY[request?.command ?? 'pause'];

  const close = () => {
    publish.reset();
    pause.reset();
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!request) return;
    const { campaign } = request;
    const onSuccess = () => {
      refresh(campaign);
      close();
      notify.success(copy.done, `“${campaign.name}”`, CAMPAIGN_TOAST_ID);
    };
    if (request.command === 'delete') {
      remove.mutate(campaign.id, {
        onSuccess: () => {
          onSuccess();
          onDeleted?.(campaign);
        },
      });
    } else if (request.command === 'publish') {
      publish.mutate(campaign.id, { onSuccess });
    } else {
      pause.mutate(campaign.id, { onSuccess });
    }
  };

  return (
    <ConfirmDialog
      open={open && request !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={request ? copy.title(request.campaign.name) : ''}
      description={copy.description}
      confirmLabel={copy.confirm}
      pendingLabel={copy.pending}
      tone={copy.tone}
      pending={mutation.isPending}
      error={mutation.error ? describeError(mutation.error).description : null}
      errorTitle={copy.refused}
      onConfirm={confirm}
      onCloseAutoFocus={(event) => {
        const target = request?.returnFocus;
        const next = target?.isConnected ? target : (fallbackFocus?.() ?? null);
        if (next) {
          event.preventDefault();
          next.focus();
        }
      }}
    />
  );
}
