import { useQueries } from '@tanstack/react-query';
import type { BrandRef } from '#contract/me';
import {
  COMPLETION_MODE_LABELS,
  FORMAT_LABELS,
  PLATFORM_LABELS,
  POST_APPROVAL_MODE_LABELS,
  REVIEW_MODE_LABELS,
  VISIBILITY_LABELS,
} from '#contract/enums';
import type { TargetingProperty } from '#contract/targeting';
import { CircleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { formatDate, formatNumber } from '#lib/format';
import { targetingValuesQueryOptions } from '#components/targeting/api/targeting-queries';
import { describeTargeting } from '#components/targeting/describe-targeting';
import type { BuilderValues } from '../builder-form';
import { STEPS, stepErrorPaths, type StepId } from '../builder-steps';
import { CAMPAIGN_LABELS, TASK_LABELS, fieldLabel } from '../field-labels';
import { sentence } from '../messages';

const NONE = <span className="text-gray-500">Not set</span>;

const textOr = (value: string) => (value.trim() ? value.trim() : NONE);

function Summary({
  title,
  step,
  onEdit,
  children,
}: {
  title: string;
  step: StepId;
  onEdit: (step: StepId) => void;
  children: ReactNode;
}) {
  return (
    <div className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-gray-900">{title}</h3>
        <Button variant="ghost" size="sm" onClick={() => onEdit(step)}>
          Edit {title.toLowerCase()}
        </Button>
      </div>
      {children}
    </div>
  );
}

function Facts({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(0,12rem)_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-gray-700">{term}</dt>
          <dd className="min-w-0 break-words text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function useTargetingLabels(
  targeting: BuilderValues['targeting'],
  properties: readonly TargetingProperty[],
) {
  const kinds = new Map(properties.map((property) => [property.id, property.kind]));
  const ids = [
    ...new Set(
      (targeting?.groups ?? []).flatMap((group) =>
        group.conditions.map((condition) => condition.property),
      ),
    ),
  ].filter((id) => kinds.get(id) === 'option');
  const results = useQueries({ queries: ids.map((id) => targetingValuesQueryOptions(id)) });
  return Object.fromEntries(ids.map((id, i) => [id, results[i]?.data]));
}

/** Step 6: everything at a glance, what blocks saving, and what publishing will need. */
export function ReviewStep({
  brands,
  properties,
  onEdit,
  onFix,
}: {
  brands: readonly BrandRef[] | null;
  properties: readonly TargetingProperty[];
  onEdit: (step: StepId) => void;
  onFix: (path: string) => void;
}) {
  const { control } = useFormContext<BuilderValues>();
  const values = useWatch({ control }) as BuilderValues;
  const { errors } = useFormState({ control });
  const labels = useTargetingLabels(values.targeting, properties);
  const problemsId = useId();

  // One line per problem, naming its step and field; the same words at the same place once.
  const seen = new Set<string>();
  const problems = STEPS.flatMap((step) =>
    step.id === 'review'
      ? []
      : stepErrorPaths(errors, step.id).map((path) => {
          const error = get(errors, path) as
            { message?: string; root?: { message?: string } } | undefined;
          return {
            path,
            step: step.label,
            field: fieldLabel(path),
            message: sentence(error?.message ?? error?.root?.message ?? 'Check this field.'),
          };
        }),
  ).filter((problem) => {
    const key = `${problem.step}|${problem.field}|${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const needsTask = values.tasks.length === 0 && !values.settings.creator_approval_required;
  const brand = brands?.find((b) => b.id === values.brand_id);

  return (
    <div className="space-y-6">
      {problems.length > 0 ? (
        <div
          role="group"
          aria-labelledby={problemsId}
          className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-4"
        >
          <h3
            id={problemsId}
            className="flex items-center gap-2 text-base font-semibold text-red-950"
          >
            <CircleAlert aria-hidden="true" className="size-4" />
            {problems.length === 1
              ? '1 problem to fix before saving'
              : `${problems.length} problems to fix before saving`}
          </h3>
          <ul className="space-y-1 text-sm">
            {problems.map((problem) => (
              <li key={problem.path}>
                <button
                  type="button"
                  className="text-left text-red-900 underline underline-offset-2 hover:text-red-950"
                  onClick={() => onFix(problem.path)}
                >
                  <span className="font-medium">
                    {problem.step} · {problem.field === problem.step ? 'Rule' : problem.field}
                  </span>
                  : {problem.message}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <Alert tone="success" title="Nothing is missing" live={false}>
          Every field holds a value the service accepts.
        </Alert>
      )}
      {needsTask ? (
        <Alert tone="warning" title="Publishing will need a task" live={false}>
          You can save this draft without tasks, but publishing needs at least one active task
          unless creators need approval (Settings).
        </Alert>
      ) : null}

      <Summary title="Basics" step="basics" onEdit={onEdit}>
        <Facts
          items={[
            [CAMPAIGN_LABELS.name, textOr(values.name)],
            ...(brands
              ? [[CAMPAIGN_LABELS.brand_id, brand?.name ?? NONE] as [string, ReactNode]]
              : []),
            [
              CAMPAIGN_LABELS.visibility,
              values.visibility === 'unlisted'
                ? `${VISIBILITY_LABELS.unlisted}, invite code ${values.invite_code.trim() || '(generated)'}`
                : VISIBILITY_LABELS.public,
            ],
            [CAMPAIGN_LABELS.description, textOr(values.description)],
            [CAMPAIGN_LABELS.instructions, textOr(values.instructions)],
            [
              CAMPAIGN_LABELS.product,
              values.product.name.trim() ? (
                <>
                  {values.product.name.trim()}
                  {values.product.url.trim() ? ` (${values.product.url.trim()})` : ''}
                </>
              ) : values.name.trim() ? (
                // What the service saves for an empty product: said, not copied in silently.
                `${values.name.trim()} (the campaign’s name: no product name given)`
              ) : (
                NONE
              ),
            ],
            [CAMPAIGN_LABELS.icon_url, textOr(values.icon_url)],
            [CAMPAIGN_LABELS.brief_url, textOr(values.brief_url)],
            [
              CAMPAIGN_LABELS.video_examples,
              values.video_examples.length ? formatNumber(values.video_examples.length) : 'None',
            ],
            [
              CAMPAIGN_LABELS.links,
              values.links.length ? (
                <ul>
                  {values.links.map((link, i) => (
                    <li key={i}>
                      {link.url || '(no URL)'}
                      {link.affiliate_code.trim() ? ` — code ${link.affiliate_code.trim()}` : ''}
                    </li>
                  ))}
                </ul>
              ) : (
                'None'
              ),
            ],
          ]}
        />
      </Summary>

      <Summary title="Tasks" step="tasks" onEdit={onEdit}>
        {values.tasks.length === 0 ? (
          <p className="text-sm text-gray-600">No tasks yet.</p>
        ) : (
          <ol className="list-decimal space-y-2 pl-5 text-sm">
            {values.tasks.map((task, i) => (
              <li key={i}>
                <span className="font-medium">{task.title.trim() || 'Untitled task'}</span>
                {' — '}
                {task.platforms.map((p) => PLATFORM_LABELS[p]).join(', ') || 'no platform yet'}
                {task.formats.length
                  ? `; ${task.formats.map((f) => FORMAT_LABELS[f]).join(', ')}`
                  : ''}
                {`; ${TASK_LABELS.review_mode}: ${REVIEW_MODE_LABELS[task.review_mode]}`}
                {values.settings.completion_mode === 'some_required'
                  ? `; ${task.is_required ? 'required' : 'optional'}`
                  : ''}
                {`; ${task.max_posts_per_creator.trim() ? `at most ${task.max_posts_per_creator.trim()} posts per creator` : 'no post limit'}`}
              </li>
            ))}
          </ol>
        )}
      </Summary>

      <Summary title="Settings" step="settings" onEdit={onEdit}>
        <Facts
          items={[
            [
              CAMPAIGN_LABELS['settings.creator_approval_required'],
              values.settings.creator_approval_required ? 'Yes' : 'No',
            ],
            [
              CAMPAIGN_LABELS['settings.brand_approval_required'],
              values.settings.brand_approval_required ? 'Yes' : 'No',
            ],
            [
              CAMPAIGN_LABELS['settings.post_approval_mode'],
              POST_APPROVAL_MODE_LABELS[values.settings.post_approval_mode],
            ],
            [
              CAMPAIGN_LABELS['settings.completion_mode'],
              COMPLETION_MODE_LABELS[values.settings.completion_mode],
            ],
          ]}
        />
      </Summary>

      <Summary title="Deadlines" step="deadlines" onEdit={onEdit}>
        <Facts
          items={[
            [
              CAMPAIGN_LABELS.content_deadline_date,
              values.content_deadline_date ? formatDate(values.content_deadline_date) : NONE,
            ],
            [
              CAMPAIGN_LABELS.post_deadline_date,
              values.post_deadline_date ? formatDate(values.post_deadline_date) : NONE,
            ],
          ]}
        />
      </Summary>

      <Summary title="Targeting" step="targeting" onEdit={onEdit}>
        <p className="text-sm text-gray-900">
          {describeTargeting(values.targeting ?? null, properties, labels)}
        </p>
      </Summary>
    </div>
  );
}
