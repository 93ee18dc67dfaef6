import { useQuery } from '@tanstack/react-query';
import type { Campaign } from '#contract/campaigns';
import { CAMPAIGN_STATUS_LABELS } from '#contract/enums';
import type { BrandRef } from '#contract/me';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useId, useRef, useState, type BaseSyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import { ScreenHeader } from '#components/layout/screen-header';
import { targetingPropertiesQueryOptions } from '#components/targeting/api/targeting-queries';
import { Alert } from '#components/ui/alert';
import { Button, buttonClasses } from '#components/ui/button';
import { Spinner } from '#components/ui/spinner';
import { paths } from '#config/paths';
import { formatDateTime } from '#lib/format';
import type { BuilderOutput, BuilderValues } from '../builder-form';
import { builderResolver, type BuilderContext } from '../builder-resolver';
import { openSession } from '../builder-session';
import { STEPS, firstError, stepOfPath, type StepId } from '../builder-steps';
import { useDraftAutosave } from '../use-draft-autosave';
import { useSaveFlows } from '../use-save-flows';
import { BuilderStepper } from './builder-stepper';
import { useLeaveGuard } from './leave-guard';
import { STEP_INTROS, StepBody } from './step-body';

export type CampaignBuilderProps =
  | {
      mode: 'create';
      /** The brand of the URL: the default owner, and where the draft is kept. */
      brand: BrandRef;
      /** The brands an agency key may create for; null for a brand key (its own brand). */
      brands: readonly BrandRef[] | null;
    }
  | { mode: 'edit'; brand: BrandRef; campaign: Campaign };

/**
 * The campaign builder, for a new campaign and for an existing one. Steps can be visited in any
 * order; a field is checked when left, everything on the Review step and when saved. The work is
 * kept on this device while the builder is open, so a reload or a crash loses nothing.
 */
export function CampaignBuilder(props: CampaignBuilderProps) {
  const { brand, mode } = props;
  const campaign = props.mode === 'edit' ? props.campaign : null;
  const brands = props.mode === 'create' ? props.brands : null;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [session] = useState(() => openSession(brand, campaign, brands));
  const { locks } = session;
  const [step, setStep] = useState<StepId>('basics');
  // Checked as a whole (a save, or the Review step): every step's problems count in the stepper.
  const [checked, setChecked] = useState(false);
  const [restoredAt, setRestoredAt] = useState(session.restoredAt);
  const idempotencyKey = useRef(session.idempotencyKey);

  const properties = useQuery(targetingPropertiesQueryOptions());
  const form = useForm<BuilderValues, BuilderContext, BuilderOutput>({
    defaultValues: session.restored ?? session.clean,
    resolver: builderResolver,
    context: { properties: properties.data ?? null, locks, baseline: campaign },
    // Not onTouched: react-hook-form then validates a whole field array after every append, move
    // or remove, marking a task nobody has typed in yet as wrong (and shifting the layout under
    // the pointer). onBlur checks each field as the user leaves it; after a save, on change.
    mode: 'onBlur',
    shouldFocusError: false,
  });
  const { control, formState, handleSubmit, setFocus, trigger } = form;

  const autosave = useDraftAutosave(form, session.storageKey, session.clean, () =>
    mode === 'create' ? idempotencyKey.current : undefined,
  );
  const leave = useLeaveGuard(formState.isDirty || restoredAt !== null);

  const focusHeading = () => headingRef.current?.focus();

  const showStep = (next: StepId, focus = true) => {
    if (next !== step) {
      flushSync(() => setStep(next));
      if (next === 'review') {
        setChecked(true);
        void trigger();
      }
    }
    if (focus) focusHeading();
  };

  /** Opens the step of `path` and puts focus on its input (else on the step's heading). */
  const focusPath = (path: string) => {
    const target = stepOfPath(path) ?? step;
    if (target !== step) flushSync(() => setStep(target));
    const before = document.activeElement;
    setFocus(path as FieldPath<BuilderValues>);
    if (document.activeElement === before) focusHeading();
  };

  const flows = useSaveFlows({
    form,
    session,
    autosave,
    idempotencyKeyRef: idempotencyKey,
    onSaved: leave.allow,
    focusPath,
    showStep,
    focusHeading,
  });

  const onInvalid = (errors: FieldErrors<BuilderValues>) => {
    const first = firstError(errors);
    if (first) focusPath(first.path);
  };

  const submit = (event?: BaseSyntheticEvent) => {
    setChecked(true);
    return handleSubmit(flows.save, onInvalid)(event);
  };

  const saveAsNew = () => {
    flows.useNewKey();
    void submit();
  };

  const discard = () => {
    autosave.discard();
    flows.reset();
    form.reset(session.clean);
    setRestoredAt(null);
    setChecked(false);
    focusHeading();
  };

  const stepIndex = STEPS.findIndex((s) => s.id === step);
  const problem = flows.problem;
  const stepProblem = problem && (problem.step === null || problem.step === step) ? problem : null;
  const pending = formState.isSubmitting;

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
                checked={checked}
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
                <StepBody
                  step={step}
                  mode={mode}
                  session={session}
                  hasInviteCode={Boolean(campaign?.invite_code)}
                  properties={properties}
                  targetingIssues={flows.targetingIssues}
                  onTargetingEdit={flows.clearTargetingIssues}
                  onEdit={(target) => showStep(target)}
                  onFix={focusPath}
                />
              </section>

              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex gap-2">
                  {stepIndex > 0 ? (
                    <Button variant="secondary" onClick={() => showStep(STEPS[stepIndex - 1]!.id)}>
                      <ArrowLeft aria-hidden="true" className="size-4" />
                      Back
                    </Button>
                  ) : null}
                  {stepIndex < STEPS.length - 1 ? (
                    <Button variant="secondary" onClick={() => showStep(STEPS[stepIndex + 1]!.id)}>
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
      {leave.dialog}
    </>
  );
}
