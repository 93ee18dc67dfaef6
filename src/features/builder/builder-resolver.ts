import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { Campaign } from '#contract/campaigns';
import type { TargetingProperty } from '#contract/targeting';
import { validateTargeting } from '#components/targeting/validate-targeting';
import { builderSchema, emptyTask, type BuilderOutput, type BuilderValues } from './builder-form';
import { pastDeadlineIssues, type CampaignLocks } from '#contract/campaign-rules';
import { builderIssueMessage } from './messages';

/** What the rules beyond the contract's need to know; react-hook-form passes it to the resolver. */
export type BuilderContext = {
  /** The targeting properties, once loaded; without them a rule's properties cannot be checked. */
  properties: readonly TargetingProperty[] | null;
  locks: CampaignLocks;
  /** The campaign as the service has it (edit); null when creating. */
  baseline: Campaign | null;
};

const contractRules = zodResolver(builderSchema, { error: builderIssueMessage });

/** Rules that need more than the form's values: the targeting properties, the status, today. */
export function contextErrors(
  values: BuilderValues,
  context: BuilderContext | undefined,
): FieldErrors<BuilderValues> {
  const errors: FieldErrors<BuilderValues> = {};
  if (!context) return errors;
  const { properties, locks, baseline } = context;

  if (!locks.reasons.targeting && values.targeting && properties) {
    const count = validateTargeting(values.targeting, properties).length;
    if (count > 0) {
      errors.targeting = {
        type: 'targeting',
        message:
          count === 1
            ? 'fix the problem in the targeting rule'
            : `fix the ${count} problems in the targeting rule`,
      } as FieldError;
    }
  }

  if (!locks.reasons.deadlines) {
    const trimmed = (name: 'content_deadline_date' | 'post_deadline_date') =>
      values[name].trim() || null;
    const late = pastDeadlineIssues(
      {
        content_deadline_date: trimmed('content_deadline_date'),
        post_deadline_date: trimmed('post_deadline_date'),
      },
      locks.earliestDeadline,
      baseline,
    );
    for (const issue of late) {
      errors[issue.field as 'content_deadline_date'] = { type: 'min', message: issue.message };
    }
  }

  const product = values.product;
  if (
    baseline?.product.name &&
    !locks.reasons.content &&
    !product.name.trim() &&
    !product.url.trim() &&
    !product.image_url.trim()
  ) {
    errors.product = {
      name: {
        type: 'required',
        message: 'a product can be changed but not removed: enter its name',
      },
    };
  }
  return errors;
}

const EMPTY_TASK = JSON.stringify(emptyTask());

/**
 * After a first save, react-hook-form checks the whole list of tasks when one is added, moved or
 * removed (`names` is then just `tasks`): a task still exactly as added keeps quiet until it is
 * typed in or the form is saved again (docs/decisions/0167-polish-dark-appearance-and-reduced-motion.md).
 */
function withoutUntouchedTasks(
  values: BuilderValues,
  errors: FieldErrors<BuilderValues>,
  names: readonly string[] | undefined,
): FieldErrors<BuilderValues> {
  const taskErrors = errors.tasks;
  if (names?.length !== 1 || names[0] !== 'tasks' || !Array.isArray(taskErrors)) return errors;
  const quiet = values.tasks.map((task) => JSON.stringify(task) === EMPTY_TASK);
  if (!quiet.some((q, index) => q && taskErrors[index])) return errors;
  const kept: unknown[] = taskErrors.map((error: unknown, index) =>
    quiet[index] ? undefined : error,
  );
  const root = (taskErrors as { root?: unknown }).root;
  if (root) Object.assign(kept, { root });
  const rest = { ...errors };
  if (kept.some(Boolean) || root) Object.assign(rest, { tasks: kept });
  else delete rest.tasks;
  return rest;
}

/** The contract's rules (zod), then the rules of `contextErrors`; the contract's error wins a tie. */
export const builderResolver: Resolver<BuilderValues, BuilderContext, BuilderOutput> = async (
  values,
  context,
  options,
) => {
  const result = await contractRules(values, context, options);
  const extra = contextErrors(values, context);
  const names = Object.keys(extra) as (keyof BuilderValues)[];
  if (names.length === 0 && Object.keys(result.errors).length === 0) return result;
  const errors: FieldErrors<BuilderValues> = { ...result.errors };
  for (const name of names) {
    if (!errors[name]) Object.assign(errors, { [name]: extra[name] });
  }
  return { values: {}, errors: withoutUntouchedTasks(values, errors, options.names) };
};
