import type { Task } from '#contract/tasks';
import { useRef, useState, type RefObject } from 'react';
import { useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { TargetingIssue } from '#components/targeting/validate-targeting';
import { paths } from '#config/paths';
import { describeError, isApiError } from '#lib/api-client';
import { useCreateCampaign } from '#lib/campaign-cache';
import { notify } from '#lib/notify';
import { EditPlanError, useSaveCampaignEdits } from './api/save-campaign';
import { campaignCreateBody, type BuilderOutput, type BuilderValues } from './builder-form';
import type { BuilderContext } from './builder-resolver';
import { stepOfPath, type StepId } from './builder-steps';
import type { BuilderSession } from './builder-session';
import { SAVED_TOAST_ID } from './components/leave-guard';
import { editPlan } from './edit-plan';
import { newIdempotencyKey } from './idempotency-key';
import { placeIssues } from './save-error';

/** A problem the builder cannot place on a field, shown at the top of a step. */
export type Problem = {
  /** The step it belongs to; null: whichever step is open. */
  step: StepId | null;
  title: string;
  description: string;
  /** The create's key met another body: offer to save as a new campaign. */
  offerNewKey?: boolean;
};

/** Whether the input for `path` is on screen for these values (some appear only in some modes). */
function isShown(path: string, values: BuilderValues, hasBrandChoice: boolean): boolean {
  if (path === 'brand_id') return hasBrandChoice;
  if (path === 'invite_code') return values.visibility === 'unlisted';
  const row = /^(tasks|links|video_examples)\.(\d+)/.exec(path);
  if (row && !values[row[1] as 'tasks' | 'links' | 'video_examples'][Number(row[2])]) return false;
  const taskField = /^tasks\.(\d+)\.(autoreview_prompt|is_required)$/.exec(path);
  if (taskField) {
    const task = values.tasks[Number(taskField[1])];
    return taskField[2] === 'autoreview_prompt'
      ? task?.review_mode === 'autoreview'
      : values.settings.completion_mode === 'some_required';
  }
  return true;
}

/** A definitive refusal: nothing was created, so the next attempt may use a new key. */
function createWasRefused(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 409) {
    return error.code !== 'idempotency_conflict' && error.code !== 'idempotency_in_progress';
  }
  return error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429;
}

function upsertTask(tasks: readonly Task[] | undefined, task: Task): Task[] {
  const list = tasks ?? [];
  return list.some((t) => t.id === task.id)
    ? list.map((t) => (t.id === task.id ? task : t))
    : [...list, task];
}

type Where = { within?: string; step?: StepId | null; title?: string; note?: string };

/**
 * The two ways the builder saves: a new campaign in one idempotent POST, an existing one as a plan
 * of calls (campaign PATCH, then one per task change). A refusal goes where it belongs: on the
 * field the service named, else at the top of the step, with what was saved before it.
 */
export function useSaveFlows({
  form,
  session,
  autosave,
  idempotencyKeyRef,
  onSaved,
  focusPath,
  showStep,
  focusHeading,
}: {
  form: UseFormReturn<BuilderValues, BuilderContext, BuilderOutput>;
  session: BuilderSession;
  autosave: { stop: () => void; saveNow: () => void };
  /** The create's Idempotency-Key, kept with the stored draft (the autosave reads it too). */
  idempotencyKeyRef: RefObject<string>;
  /** Lets the navigation after a save through the leave guard. */
  onSaved: () => void;
  focusPath: (path: string) => void;
  showStep: (step: StepId) => void;
  focusHeading: () => void;
}) {
  const { brand, brands, campaign } = session;
  const navigate = useNavigate();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [targetingIssues, setTargetingIssues] = useState<TargetingIssue[]>([]);
  const baseline = useRef(campaign);
  const attempts = useRef(0);
  const chosenBrandId = useWatch({ control: form.control, name: 'brand_id' });
  const createCampaign = useCreateCampaign(chosenBrandId || brand.id);
  const saveEdits = useSaveCampaignEdits(brand.id, campaign?.id ?? '');

  const report = (error: unknown, where: Where = {}) => {
    const note = where.note ? ` ${where.note}` : '';
    const values = form.getValues();
    const { fields, targeting, unplaced, step } = placeIssues(
      isApiError(error) ? error.issues : [],
      where.within ?? '',
      (path) => isShown(path, values, brands !== null),
    );
    const placed = fields.map((field) => field.path);
    for (const field of fields) {
      form.setError(field.path as FieldPath<BuilderValues>, {
        type: 'server',
        message: field.message,
      });
    }
    if (targeting.length > 0) {
      setTargetingIssues((issues) => [...issues, ...targeting]);
      form.setError('targeting', { type: 'server', message: targeting[0]!.message });
      placed.push('targeting');
    }
    const problemStep = step ?? where.step ?? null;
    const described = describeError(error);
    if (placed.length === 0 || unplaced.length > 0 || note) {
      const details =
        unplaced.length > 0
          ? unplaced.join(' ')
          : placed.length === 0
            ? described.description
            : 'Fix the marked field and save again.';
      setProblem({
        step: problemStep ?? (placed[0] ? stepOfPath(placed[0]) : null),
        title: where.title ?? described.title,
        description: `${details}${note}`,
        offerNewKey: isApiError(error) && error.code === 'idempotency_conflict',
      });
    }
    if (placed[0]) focusPath(placed[0]);
    else if (problemStep) showStep(problemStep);
    else focusHeading();
  };

  const finish = async (to: string, announce: () => void) => {
    autosave.stop();
    onSaved();
    announce();
    await navigate(to);
  };

  const submitCreate = async (output: BuilderOutput) => {
    const body = campaignCreateBody(output, { sendBrandId: brands !== null });
    // The key goes into the stored draft before the request leaves: a reload then retries with it.
    autosave.saveNow();
    attempts.current += 1;
    try {
      const created = await createCampaign.mutateAsync({
        body,
        idempotencyKey: idempotencyKeyRef.current,
      });
      await finish(paths.campaign.href(created.brand_id, created.id), () =>
        notify.success(
          'Draft saved',
          'Publish it from this page when it is ready.',
          SAVED_TOAST_ID,
        ),
      );
    } catch (error) {
      // A second click while the first is still running: the first one's answer decides.
      if (isApiError(error) && error.code === 'idempotency_in_progress' && attempts.current > 1) {
        return;
      }
      if (createWasRefused(error)) {
        idempotencyKeyRef.current = newIdempotencyKey();
        autosave.saveNow();
      }
      if (isApiError(error) && error.code === 'network_error') {
        report(error, {
          note: 'Your work is kept on this device. Saving again is safe: it cannot make a second campaign.',
        });
      } else if (isApiError(error) && error.code === 'idempotency_conflict') {
        report(error, {
          title: 'An earlier save may already have created this campaign',
          note: 'A save from this builder reached the service with other values before. Check the campaign list, or save these values as a new campaign.',
        });
      } else {
        report(error);
      }
    } finally {
      attempts.current -= 1;
    }
  };

  const submitEdit = async (output: BuilderOutput) => {
    const current = baseline.current;
    if (!current) return;
    const plan = editPlan(output, current, session.locks);
    const campaignPage = paths.campaign.href(brand.id, current.id);
    if (!plan.campaign && plan.tasks.length === 0) {
      await finish(campaignPage, () =>
        notify.info('Nothing to save', 'The campaign already has these values.'),
      );
      return;
    }
    let saved = 0;
    try {
      await saveEdits.mutateAsync({
        plan,
        progress: {
          onCampaignSaved: (updated) => {
            saved += 1;
            baseline.current = { ...updated, tasks: updated.tasks ?? baseline.current?.tasks };
          },
          onTaskSaved: (operation, task) => {
            saved += 1;
            const previous = baseline.current;
            if (previous)
              baseline.current = { ...previous, tasks: upsertTask(previous.tasks, task) };
            if (operation.kind === 'create') {
              form.setValue(`tasks.${operation.index}.taskId`, task.id);
            }
          },
        },
      });
      await finish(campaignPage, () => notify.success('Changes saved', undefined, SAVED_TOAST_ID));
    } catch (error) {
      const note = saved > 0 ? 'The changes before it were saved.' : undefined;
      if (!(error instanceof EditPlanError)) {
        report(error, { note });
        return;
      }
      const failed = error.step;
      if (failed.kind === 'campaign') {
        report(error.cause, { note });
      } else if (failed.kind === 'archive') {
        report(error.cause, { step: 'tasks', title: `Could not archive “${failed.title}”`, note });
      } else {
        report(error.cause, {
          within: `tasks.${failed.index}.`,
          step: 'tasks',
          title: `Task ${failed.index + 1} could not be saved`,
          note,
        });
      }
    }
  };

  const save = async (output: BuilderOutput) => {
    setProblem(null);
    setTargetingIssues([]);
    if (campaign) await submitEdit(output);
    else await submitCreate(output);
  };

  return {
    save,
    problem,
    targetingIssues,
    clearTargetingIssues: () => setTargetingIssues([]),
    /** After a key conflict: the next save makes a new campaign. */
    useNewKey: () => {
      idempotencyKeyRef.current = newIdempotencyKey();
      autosave.saveNow();
    },
    /** Discarding the draft: no problem left, and a create starts over with a new key. */
    reset: () => {
      setProblem(null);
      setTargetingIssues([]);
      if (!campaign) idempotencyKeyRef.current = newIdempotencyKey();
    },
  };
}
