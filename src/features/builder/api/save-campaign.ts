import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Campaign } from '#contract/campaigns';
import { Task } from '#contract/tasks';
import { api } from '#lib/api-client';
import { campaignKeys } from '#lib/campaign-cache';
import type { EditPlan, TaskOperation } from '../edit-plan';

/** Which call of a plan failed: the campaign's PATCH, or one task operation. */
export type FailedStep = { kind: 'campaign' } | TaskOperation;

/** A plan stopped at `step`; the calls before it were saved. `cause` is the ApiError. */
export class EditPlanError extends Error {
  override readonly name = 'EditPlanError';
  readonly step: FailedStep;

  constructor(step: FailedStep, cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The campaign could not be saved.', { cause });
    this.step = step;
  }
}

export type EditPlanProgress = {
  /** The service's campaign after the PATCH. */
  onCampaignSaved?: (campaign: Campaign) => void;
  /** The service's task after each task call (created, patched or archived). */
  onTaskSaved?: (operation: TaskOperation, task: Task) => void;
};

async function runTaskOperation(campaignId: string, operation: TaskOperation): Promise<Task> {
  switch (operation.kind) {
    case 'create':
      return api.POST('/campaigns/{campaign_id}/tasks', Task, {
        params: { path: { campaign_id: campaignId } },
        body: operation.body,
      });
    case 'update':
      return api.PATCH('/campaigns/{campaign_id}/tasks/{task_id}', Task, {
        params: { path: { campaign_id: campaignId, task_id: operation.taskId } },
        body: operation.body,
      });
    case 'archive':
      return api.POST('/campaigns/{campaign_id}/tasks/{task_id}/archive', Task, {
        params: { path: { campaign_id: campaignId, task_id: operation.taskId } },
      });
  }
}

/**
 * Runs a plan in order: PATCH the campaign, then one call per task change. The calls are
 * separate, so a failure leaves the earlier ones saved; `progress` lets the caller record each
 * success (a created task's id), so trying again sends only what is still missing.
 */
export async function applyEditPlan(
  campaignId: string,
  plan: EditPlan,
  progress: EditPlanProgress = {},
): Promise<void> {
  if (plan.campaign) {
    let campaign: Campaign;
    try {
      campaign = await api.PATCH('/campaigns/{campaign_id}', Campaign, {
        params: { path: { campaign_id: campaignId } },
        body: plan.campaign,
      });
    } catch (error) {
      throw new EditPlanError({ kind: 'campaign' }, error);
    }
    progress.onCampaignSaved?.(campaign);
  }
  for (const operation of plan.tasks) {
    let task: Task;
    try {
      task = await runTaskOperation(campaignId, operation);
    } catch (error) {
      throw new EditPlanError(operation, error);
    }
    progress.onTaskSaved?.(operation, task);
  }
}

/**
 * Saves the builder's edits of one campaign. Errors are the caller's to show (on the field they
 * name), so no toast. Whatever happened, the campaign and the lists are fetched again.
 */
export function useSaveCampaignEdits(brandId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ plan, progress }: { plan: EditPlan; progress?: EditPlanProgress }) =>
      applyEditPlan(campaignId, plan, progress),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(brandId, campaignId) });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists(brandId) });
    },
    meta: { suppressErrorToast: true },
  });
}
