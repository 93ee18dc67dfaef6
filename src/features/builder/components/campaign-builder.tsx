import { useQuery } from '@tanstack/react-query';
import type { Campaign } from '#contract/campaigns';
import { CAMPAIGN_STATUS_LABELS } from '#contract/enums';
import { fieldOfMessage } from '#contract/issues';
import type { BrandRef } from '#contract/me';
import type { Task } from '#contract/tasks';
import { ArrowLeft, ArrowRight, Lock } from 'lucide-react';
import { useId, useRef, useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import { Link, useBlocker, useNavigate } from 'react-router';
import { ScreenHeader } from '../../../components/layout/screen-header';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { describeError, isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCreateCampaign } from '../../campaigns/api/campaigns';
import { targetingPropertiesQueryOptions } from '../../targeting/api/targeting-queries';
import type { TargetingIssue } from '../../targeting/validate-targeting';
import { EditPlanError, useSaveCampaignEdits } from '../api/save-campaign';
import {
  activeTasks,
  builderValuesFrom,
  campaignCreateBody,
  emptyBuilderValues,
  type BuilderOutput,
  type BuilderValues,
} from '../builder-form';
import { builderResolver, type BuilderContext } from '../builder-resolver';
import {
  LOCK_AREA_OF,
  STEPS,
  STEP_FIELDS,
  firstError,
  formPathOfServiceField,
  isFormFieldPath,
  stepOfPath,
  type StepId,
} from '../builder-steps';
import { draftKey, readDraft } from '../draft-storage';
import { editPlan } from '../edit-plan';
import { fieldLocks, localToday, type FieldLocks, type LockArea } from '../field-locks';
import { newIdempotencyKey } from '../idempotency-key';
import { sentence } from '../messages';
import { useDraftAutosave } from '../use-draft-autosave';
import { BasicsStep } from './basics-step';
import { BuilderStepper } from './builder-stepper';
import { DeadlinesStep } from './deadlines-step';
import { ReviewStep } from './review-step';
import { SettingsStep } from './settings-step';
import { TargetingStep } from './targeting-step';
import { TasksStep } from './tasks-step';

export type CampaignBuilderProps =
  | {
      mode: 'create';
      /** The brand of the URL: the default owner, and where the draft is kept. */
      brand: BrandRef;
      /** The brands an agency key may create for; null for a brand key (its own brand). */
      brands: readonly BrandRef[] | null;
    }
  | { mode: 'edit'; brand: BrandRef; campaign: Campaign };

/** A problem the builder cannot place on a field, shown at the top of a step. */
type Problem = {
  /** The step it belongs to; null: whichever step is open. */
  step: StepId | null;
  title: string;
  description: string;
  /** The create's key met another body: offer to save as a new campaign. */
  offerNewKey?: boolean;
};

const STEP_AREA: Record<StepId, LockArea | null> = {
  basics: 'content',
  tasks: 'tasks',
  settings: 'settings',
  deadlines: 'deadlines',
  targeting: 'targeting',
  review: null,
};

const STEP_INTROS: Record<StepId, string> = {
  basics: 'What the campaign is, who can find it and what it promotes.',
  tasks: 'What each creator makes and posts. Drafts may have no tasks yet.',
  settings: 'Who approves what, and which tasks a creator must complete.',
  deadlines: 'When content is due for review, and when approved content must be posted.',
  targeting: 'Which creators can join.',
  review: 'Everything at a glance before you save.',
};

// A service message may name several fields: "tasks[0].title: …; name: …".
const MESSAGE_PARTS = /; (?=[A-Za-z_][\w.[\]]*: )/;

function messageParts(message: string): { field: string | null; text: string }[] {
  return message.split(MESSAGE_PARTS).map((part) => {
    const field = fieldOfMessage(part);
    return { field, text: field ? part.slice(field.length + 2) : part };
  });
}

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

/** Locked areas keep the service's values, whatever a restored draft held for them. */
function withLockedAreas(
  draft: BuilderValues,
  clean: BuilderValues,
  locks: FieldLocks,
): BuilderValues {
  const values = { ...draft };
  for (const field of Object.keys(LOCK_AREA_OF) as (keyof BuilderValues)[]) {
    if (locks.reasons[LOCK_AREA_OF[field]]) Object.assign(values, { [field]: clean[field] });
  }
  return values;
}

function upsertTask(tasks: readonly Task[] | undefined, task: Task): Task[] {
  const list = tasks ?? [];
  return list.some((t) => t.id === task.id)
    ? list.map((t) => (t.id === task.id ? task : t))
    : [...list, task];
}

function LockedArea({ reason, children }: { reason: string | null; children: ReactNode }) {
  const id = useId();
  if (!reason) return <div className="space-y-6">{children}</div>;
  return (
    <div className="space-y-4">
      <p
        id={id}
        className="flex items-start gap-2 rounded-md bg-gray-100 p-3 text-sm text-gray-800"
      >
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{reason}</span>
      </p>
      <fieldset disabled aria-describedby={id} className="min-w-0 space-y-6">
        {children}
      </fieldset>
    </div>
  );
}

/**
 * The campaign builder, for a new campaign and for an existing one. Steps can be visited in any
 * order; each is checked when left, everything when saved. The work is kept on this device while
 * the builder is open, so a reload or a crash loses nothing.
 */
export function CampaignBuilder(props: CampaignBuilderProps) {
  const { brand, mode } = props;
  const campaign = props.mode === 'edit' ? props.campaign : null;
  const brands = props.mode === 'create' ? props.brands : null;
  const navigate = useNavigate();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Read once: the builder edits a snapshot; a later refetch does not reset the user's work.
  const [session] = useState(() => {
    const locks = fieldLocks(campaign?.status ?? null, localToday());
    const clean = campaign ? builderValuesFrom(campaign) : emptyBuilderValues(brand.id);
    const storageKey = draftKey(
      campaign
        ? { brandId: brand.id, mode: 'edit', campaignId: campaign.id }
        : { brandId: brand.id, mode: 'create' },
    );
    const draft = readDraft(storageKey, clean);
    let restored = draft ? withLockedAreas(draft.values, clean, locks) : null;
    if (restored && brands && !brands.some((b) => b.id === restored?.brand_id)) {
      restored = { ...restored, brand_id: brand.id };
    }
    return {
      locks,
      clean,
      storageKey,
      restored,
      restoredAt: draft?.savedAt ?? null,
      idempotencyKey: draft?.idempotencyKey ?? newIdempotencyKey(),
      archivedCount: (campaign?.tasks ?? []).length - (campaign ? activeTasks(campaign).length : 0),
    };
  });
  const { locks } = session;

  const [step, setStep] = useState<StepId>('basics');
  const [restoredAt, setRestoredAt] = useState(session.restoredAt);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [targetingIssues, setTargetingIssues] = useState<TargetingIssue[]>([]);
  const idempotencyKey = useRef(session.idempotencyKey);
  const baseline = useRef(campaign);
  const allowLeave = useRef(false);
  const attempts = useRef(0);

  const properties = useQuery(targetingPropertiesQueryOptions());
  const context: BuilderContext = {
    properties: properties.data ?? null,
    locks,
    baseline: campaign,
  };
  const form = useForm<BuilderValues, BuilderContext, BuilderOutput>({
    defaultValues: session.restored ?? session.clean,
    resolver: builderResolver,
    context,
    // Not onTouched: react-hook-form then validates a whole field array after every append, move
    // or remove, marking a task nobody has typed in yet as wrong (and shifting the layout under
    // the pointer). onBlur checks each field as the user leaves it; after a save, on change.
    mode: 'onBlur',
    shouldFocusError: false,
  });
  const { control, formState, handleSubmit, setError, setFocus, trigger, getValues } = form;

  const chosenBrandId = useWatch({ control, name: 'brand_id' });
  const createCampaign = useCreateCampaign(chosenBrandId || brand.id);
  const saveEdits = useSaveCampaignEdits(brand.id, campaign?.id ?? '');

  const autosave = useDraftAutosave(form, session.storageKey, session.clean, () =>
    mode === 'create' ? idempotencyKey.current : undefined,
  );

  const unsaved = formState.isDirty || restoredAt !== null;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowLeave.current &&
      unsaved &&
      currentLocation.pathname !== nextLocation.pathname &&
      // A refused key signs out: nothing to ask, the draft is kept on this device.
      nextLocation.pathname !== paths.signIn.path,
  );

  const stepIndex = STEPS.findIndex((s) => s.id === step);

  const showStep = (next: StepId, focusHeading: boolean) => {
    if (next !== step) {
      const leaving = STEP_FIELDS[step] as FieldPath<BuilderValues>[];
      flushSync(() => setStep(next));
      if (leaving.length > 0) void trigger(leaving);
      if (next === 'review') void trigger();
    }
    if (focusHeading) headingRef.current?.focus();
  };

  /** Opens the step of `path` and puts focus on its input (else on the step's heading). */
  const focusPath = (path: string) => {
    const target = stepOfPath(path) ?? step;
    if (target !== step) flushSync(() => setStep(target));
    const before = document.activeElement;
    setFocus(path as FieldPath<BuilderValues>);
    if (document.activeElement === before) headingRef.current?.focus();
  };

  const onInvalid = (errors: FieldErrors<BuilderValues>) => {
    const first = firstError(errors);
    if (first) focusPath(first.path);
  };

  /** Puts a refusal of the service where it belongs: on the field it names, else at a step's top. */
  const reportSaveError = (
    error: unknown,
    where: { within?: string; step?: StepId | null; title?: string; note?: string } = {},
  ) => {
    const note = where.note ? ` ${where.note}` : '';
    const placed: string[] = [];
    const unplaced: string[] = [];
    let problemStep: StepId | null = where.step ?? null;
    if (isApiError(error) && [400, 409, 422].includes(error.status)) {
      const values = getValues();
      for (const { field, text } of messageParts(error.message)) {
        const path = field ? formPathOfServiceField(field, where.within ?? '') : null;
        if (path === 'targeting' || path?.startsWith('targeting.')) {
          const issuePath = field!.slice('targeting'.length).replace(/^\./, '');
          setTargetingIssues((issues) => [...issues, { path: issuePath, message: sentence(text) }]);
          setError('targeting', { type: 'server', message: text });
          placed.push('targeting');
        } else if (path && isFormFieldPath(path) && isShown(path, values, brands !== null)) {
          setError(path as FieldPath<BuilderValues>, { type: 'server', message: text });
          placed.push(path);
        } else {
          unplaced.push(field ? `${field}: ${text}` : text);
          if (path) problemStep = stepOfPath(path) ?? problemStep;
        }
      }
    }
    const described = describeError(error);
    if (placed.length === 0 || unplaced.length > 0 || note) {
      const details =
        placed.length === 0
          ? described.description
          : unplaced.length > 0
            ? unplaced.join('; ')
            : 'Fix the marked field and save again.';
      setProblem({
        step: problemStep ?? (placed[0] ? stepOfPath(placed[0]) : null),
        title: where.title ?? described.title,
        description: `${details}${note}`,
        offerNewKey: isApiError(error) && error.code === 'idempotency_conflict',
      });
    }
    const first = placed[0];
    if (first) focusPath(first);
    else if (problemStep && problemStep !== step) showStep(problemStep, true);
    else headingRef.current?.focus();
  };

  const finish = async (to: string, announce: () => void) => {
    autosave.stop();
    allowLeave.current = true;
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
        idempotencyKey: idempotencyKey.current,
      });
      await finish(paths.campaign.href(created.brand_id, created.id), () =>
        notify.success('Draft saved'),
      );
    } catch (error) {
      // A second click while the first is still running: the first one's answer decides.
      if (isApiError(error) && error.code === 'idempotency_in_progress' && attempts.current > 1) {
        return;
      }
      if (createWasRefused(error)) {
        idempotencyKey.current = newIdempotencyKey();
        autosave.saveNow();
      }
      if (isApiError(error) && error.code === 'network_error') {
        reportSaveError(error, {
          note: 'Your work is kept on this device. Saving again is safe: it cannot make a second campaign.',
        });
      } else if (isApiError(error) && error.code === 'idempotency_conflict') {
        reportSaveError(error, {
          title: 'An earlier save may already have created this campaign',
          note: 'A save from this builder reached the service with other values before. Check the campaign list, or save these values as a new campaign.',
        });
      } else {
        reportSaveError(error);
      }
    } finally {
      attempts.current -= 1;
    }
  };

  const submitEdit = async (output: BuilderOutput) => {
    const current = baseline.current;
    if (!current) return;
    const plan = editPlan(output, current, locks);
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
      await finish(campaignPage, () => notify.success('Changes saved'));
    } catch (error) {
      const note = saved > 0 ? 'The changes before it were saved.' : undefined;
      if (!(error instanceof EditPlanError)) {
        reportSaveError(error, { note });
        return;
      }
      const failed = error.step;
      if (failed.kind === 'campaign') {
        reportSaveError(error.cause, { note });
      } else if (failed.kind === 'archive') {
        reportSaveError(error.cause, {
          step: 'tasks',
          title: `Could not archive “${failed.title}”`,
          note,
        });
      } else {
        reportSaveError(error.cause, {
          within: `tasks.${failed.index}.`,
          step: 'tasks',
          title: `Task ${failed.index + 1} could not be saved`,
          note,
        });
      }
    }
  };

  const onValid = async (output: BuilderOutput) => {
    setProblem(null);
    setTargetingIssues([]);
    if (mode === 'create') await submitCreate(output);
    else await submitEdit(output);
  };

  const submit = (event?: BaseSyntheticEvent) => handleSubmit(onValid, onInvalid)(event);

  const saveAsNew = () => {
    idempotencyKey.current = newIdempotencyKey();
    autosave.saveNow();
    void submit();
  };

  const discard = () => {
    autosave.discard();
    if (mode === 'create') idempotencyKey.current = newIdempotencyKey();
    form.reset(session.clean);
    setRestoredAt(null);
    setProblem(null);
    setTargetingIssues([]);
    headingRef.current?.focus();
  };

  const stepProblem = problem && (problem.step === null || problem.step === step) ? problem : null;
  const lockReason = STEP_AREA[step] ? locks.reasons[STEP_AREA[step]] : null;
  const pending = formState.isSubmitting;

  let body: ReactNode;
  switch (step) {
    case 'basics':
      body = (
        <LockedArea reason={lockReason}>
          <BasicsStep brands={brands} hasInviteCode={Boolean(campaign?.invite_code)} />
        </LockedArea>
      );
      break;
    case 'tasks':
      body = (
        <LockedArea reason={lockReason}>
          <TasksStep mode={mode} archivedCount={session.archivedCount} />
        </LockedArea>
      );
      break;
    case 'settings':
      body = (
        <LockedArea reason={lockReason}>
          <SettingsStep />
        </LockedArea>
      );
      break;
    case 'deadlines':
      body = (
        <LockedArea reason={lockReason}>
          <DeadlinesStep earliest={locks.earliestDeadline} />
        </LockedArea>
      );
      break;
    case 'targeting':
      body = (
        <TargetingStep
          properties={properties}
          lockReason={lockReason}
          serverIssues={targetingIssues}
          onEdit={() => setTargetingIssues([])}
        />
      );
      break;
    case 'review':
      body = (
        <ReviewStep
          brands={brands}
          properties={properties.data ?? []}
          onEdit={(target) => showStep(target, true)}
          onFix={focusPath}
        />
      );
      break;
  }

  return (
    <>
      <ScreenHeader
        title={mode === 'create' ? 'New campaign' : 'Edit campaign'}
        context={brand.name}
        description={
          campaign
            ? `${campaign.name} · ${CAMPAIGN_STATUS_LABELS[campaign.status]}`
            : 'Create the campaign as a draft; you can publish it from its page.'
        }
        actions={
          <Link
            to={
              campaign ? paths.campaign.href(brand.id, campaign.id) : paths.campaigns.href(brand.id)
            }
            className={buttonClasses('secondary')}
          >
            Cancel
          </Link>
        }
      />

      <div className="space-y-4">
        {restoredAt ? (
          <Alert tone="info" title="Unsaved changes restored" live={false}>
            <p className="flex flex-wrap items-center gap-x-2">
              <span>Restored your unsaved changes from {formatDateTime(restoredAt)} —</span>
              <button
                type="button"
                onClick={discard}
                className="font-medium text-sky-900 underline underline-offset-2 hover:text-sky-950"
              >
                Discard
              </button>
            </p>
          </Alert>
        ) : null}
        {locks.all ? (
          <Alert tone="warning" title="This campaign cannot be changed now" live={false}>
            {locks.reasons.content}
          </Alert>
        ) : null}

        <FormProvider {...form}>
          <form
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-busy={pending}
            className="flex flex-col gap-6 lg:flex-row lg:items-start"
          >
            <div className="lg:sticky lg:top-20 lg:w-52 lg:shrink-0">
              <BuilderStepper
                control={control}
                current={step}
                onSelect={(next) => showStep(next, false)}
              />
            </div>

            <div className="min-w-0 flex-1 space-y-6">
              <section
                aria-labelledby={headingId}
                className="space-y-6 rounded-lg border border-gray-200 bg-white p-4 shadow-xs sm:p-6"
              >
                <div>
                  <h2
                    id={headingId}
                    ref={headingRef}
                    tabIndex={-1}
                    className="text-lg font-semibold text-gray-900"
                  >
                    {STEPS[stepIndex]?.label}
                  </h2>
                  <p className="mt-1 text-sm text-gray-600">{STEP_INTROS[step]}</p>
                </div>
                {stepProblem ? (
                  <Alert tone="error" title={stepProblem.title}>
                    <p>{stepProblem.description}</p>
                    {stepProblem.offerNewKey ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        className="mt-2"
                        onClick={saveAsNew}
                        disabled={pending}
                      >
                        Save as a new campaign
                      </Button>
                    ) : null}
                  </Alert>
                ) : null}
                {body}
              </section>

              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex gap-2">
                  {stepIndex > 0 ? (
                    <Button
                      variant="secondary"
                      onClick={() => showStep(STEPS[stepIndex - 1]!.id, true)}
                    >
                      <ArrowLeft aria-hidden="true" className="size-4" />
                      Back
                    </Button>
                  ) : null}
                  {stepIndex < STEPS.length - 1 ? (
                    <Button
                      variant="secondary"
                      onClick={() => showStep(STEPS[stepIndex + 1]!.id, true)}
                    >
                      Next
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </Button>
                  ) : null}
                </div>
                <div className="flex items-center gap-3">
                  <p role="status" className="sr-only">
                    {pending ? 'Saving…' : ''}
                  </p>
                  <Button type="submit" disabled={pending || locks.all}>
                    {pending ? <Spinner className="size-4" /> : null}
                    {mode === 'create' ? 'Save draft' : 'Save changes'}
                  </Button>
                </div>
              </div>
            </div>
          </form>
        </FormProvider>
      </div>

      <Dialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
      >
        <DialogContent
          title="Leave the builder?"
          description="Your changes are not saved to the service yet. They stay on this device and come back when you open this builder again."
        >
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button onClick={() => blocker.proceed?.()}>Leave</Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
