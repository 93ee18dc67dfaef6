import {
  COMPLETION_MODE_DESCRIPTIONS,
  COMPLETION_MODE_LABELS,
  FORMAT_LABELS,
  Format,
  PLATFORM_LABELS,
  Platform,
  REVIEW_MODE_LABELS,
  type CompletionMode,
  type ReviewMode,
} from '#contract/enums';
import { TEXT_LIMITS } from '#contract/common';
import { ArrowDown, ArrowUp, Copy, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import {
  RadioCardGroup,
  ToggleButtonGroup,
  type ChoiceOption,
} from '#components/form/choice-fields';
import { CheckboxField, FormField } from '#components/form/form-field';
import { buttonClasses } from '#components/ui/button';
import { Checkbox } from '#components/ui/checkbox';
import { Input } from '#components/ui/input';
import type { BuilderValues } from '../builder-form';
import { TASK_LABELS } from '../field-labels';
import { useFieldError } from '../use-field-error';
import { BoundTextField } from './bound-text-field';
import { UrlListField } from './url-list-field';

const platformOptions: ChoiceOption<Platform>[] = Platform.options.map((value) => ({
  value,
  label: PLATFORM_LABELS[value],
}));

const formatOptions: ChoiceOption<Format>[] = Format.options.map((value) => ({
  value,
  label: FORMAT_LABELS[value],
}));

const REVIEW_MODE_DESCRIPTIONS: Record<ReviewMode, string> = {
  media_review: 'You review each submission before it is posted.',
  autoreview:
    'An AI check against your prompt runs first; with no prompt, every submission is approved.',
};

const reviewOptions: ChoiceOption<ReviewMode>[] = (['media_review', 'autoreview'] as const).map(
  (value) => ({
    value,
    label: REVIEW_MODE_LABELS[value],
    description: REVIEW_MODE_DESCRIPTIONS[value],
  }),
);

type TaskTextName = 'title' | 'caption' | 'tiktok_sound_url' | 'instagram_sound_url' | 'image_url';

const TASK_TEXT_MAX: Partial<Record<TaskTextName | TaskLongTextName, number>> = {
  title: TEXT_LIMITS.name,
  instructions: TEXT_LIMITS.longText,
  caption: TEXT_LIMITS.caption,
  autoreview_prompt: TEXT_LIMITS.longText,
};

type TaskLongTextName = 'instructions' | 'caption' | 'autoreview_prompt';

function TaskText({
  index,
  name,
  ...rest
}: {
  index: number;
  name: TaskTextName | TaskLongTextName;
  description?: string;
  type?: 'text' | 'url';
  rows?: number;
  required?: boolean;
}) {
  return (
    <BoundTextField
      path={`tasks.${index}.${name}`}
      label={TASK_LABELS[name]}
      max={TASK_TEXT_MAX[name]}
      {...rest}
    />
  );
}

function ChoiceGroup<V extends Platform | Format>({
  index,
  name,
  options,
  description,
  required = false,
}: {
  index: number;
  name: 'platforms' | 'formats';
  options: ChoiceOption<V>[];
  description: string;
  required?: boolean;
}) {
  const { control } = useFormContext<BuilderValues>();
  const path = `tasks.${index}.${name}` as const;
  const error = useFieldError(path);
  return (
    <Controller
      control={control}
      name={path}
      render={({ field }) => (
        <ToggleButtonGroup
          legend={TASK_LABELS[name]}
          description={description}
          error={error}
          required={required}
          options={options}
          value={field.value as V[]}
          onChange={field.onChange}
          onBlur={field.onBlur}
          firstRef={field.ref}
        />
      )}
    />
  );
}

export type TaskCardActions = {
  move: (index: number, by: -1 | 1) => void;
  duplicate: (index: number) => void;
  remove: (index: number) => void;
  /** Keeps each action button reachable, so focus can follow a moved card. */
  buttonRef: (key: string) => (element: HTMLButtonElement | null) => void;
};

/** One task of the Tasks step: its fields, and buttons to move, copy and remove it. */
export function TaskCard({
  index,
  count,
  fieldKey,
  completionMode,
  actions,
  maxReached,
}: {
  index: number;
  count: number;
  /** Stable across moves (the field array's id). */
  fieldKey: string;
  completionMode: CompletionMode;
  actions: TaskCardActions;
  maxReached: boolean;
}) {
  const headingId = useId();
  const { register, control } = useFormContext<BuilderValues>();
  const [title, reviewMode] = useWatch({
    control,
    name: [`tasks.${index}.title`, `tasks.${index}.review_mode`],
  });
  const requiredError = useFieldError(`tasks.${index}.is_required`);
  const maxPostsError = useFieldError(`tasks.${index}.max_posts_per_creator`);
  const reviewError = useFieldError(`tasks.${index}.review_mode`);
  const disclosureError = useFieldError(`tasks.${index}.require_ad_disclosure`);
  const n = index + 1;
  const iconButton = buttonClasses('ghost', 'sm', 'px-2');

  return (
    <li>
      <section
        aria-labelledby={headingId}
        className="space-y-5 rounded-lg border border-gray-200 bg-white p-4 shadow-xs sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={headingId} className="text-base font-semibold text-gray-900">
              Task {n}
            </h3>
            <p className="text-sm text-gray-600">{title.trim() || 'Untitled task'}</p>
          </div>
          <div className="flex flex-wrap gap-1">
            <button
              ref={actions.buttonRef(`${fieldKey}:up`)}
              type="button"
              className={iconButton}
              aria-label={`Move task ${n} up`}
              disabled={index === 0}
              onClick={() => actions.move(index, -1)}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </button>
            <button
              ref={actions.buttonRef(`${fieldKey}:down`)}
              type="button"
              className={iconButton}
              aria-label={`Move task ${n} down`}
              disabled={index === count - 1}
              onClick={() => actions.move(index, 1)}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={`Duplicate task ${n}`}
              disabled={maxReached}
              onClick={() => actions.duplicate(index)}
            >
              <Copy aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              className={buttonClasses('ghost', 'sm', 'px-2 text-red-700 hover:text-red-800')}
              aria-label={`Remove task ${n}`}
              onClick={() => actions.remove(index)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
        </div>

        <TaskText index={index} name="title" required />
        <TaskText
          rows={3}
          index={index}
          name="instructions"
          description="What the creator makes and posts for this task."
          required
        />
        <ChoiceGroup
          index={index}
          name="platforms"
          options={platformOptions}
          description="Where the content is posted. Choose at least one."
          required
        />
        <ChoiceGroup
          index={index}
          name="formats"
          options={formatOptions}
          description="The kinds of post this task asks for."
        />
        <TaskText
          rows={3}
          index={index}
          name="caption"
          description="The caption creators must use when posting, up to 2,200 characters."
        />
        <CheckboxField
          label={TASK_LABELS.require_ad_disclosure}
          description="Posts must carry the platform’s paid-partnership or ad label."
          error={disclosureError}
        >
          {(control) => (
            <Checkbox {...control} {...register(`tasks.${index}.require_ad_disclosure`)} />
          )}
        </CheckboxField>
        <div className="grid gap-4 sm:grid-cols-2">
          <TaskText
            index={index}
            name="tiktok_sound_url"
            type="url"
            description="A sound the TikTok content must use."
          />
          <TaskText
            index={index}
            name="instagram_sound_url"
            type="url"
            description="A sound the Instagram content must use."
          />
        </div>
        <UrlListField
          name={`tasks.${index}.video_examples`}
          legend={TASK_LABELS.video_examples}
          description="Videos that show what good content for this task looks like."
          itemLabel="Example video"
          addLabel="Add example video"
        />
        <TaskText index={index} name="image_url" type="url" description="The task’s cover image." />

        <RadioCardGroup
          legend={TASK_LABELS.review_mode}
          error={reviewError}
          options={reviewOptions}
          inputProps={() => register(`tasks.${index}.review_mode`)}
        />
        {reviewMode === 'autoreview' ? (
          <TaskText
            rows={3}
            index={index}
            name="autoreview_prompt"
            description="What the AI verifies before approving. With no prompt, every submission is approved."
          />
        ) : null}

        {completionMode === 'some_required' ? (
          <CheckboxField
            label={TASK_LABELS.is_required}
            description="Every creator must complete this task."
            error={requiredError}
          >
            {(control) => <Checkbox {...control} {...register(`tasks.${index}.is_required`)} />}
          </CheckboxField>
        ) : (
          <p className="text-sm text-gray-600">
            <span className="font-medium text-gray-900">Required: </span>
            {COMPLETION_MODE_DESCRIPTIONS[completionMode]} To choose task by task, pick “
            {COMPLETION_MODE_LABELS.some_required}” under Completion in Settings.
          </p>
        )}

        <FormField
          label={TASK_LABELS.max_posts_per_creator}
          description="Leave empty for no limit."
          error={maxPostsError}
        >
          {(control) => (
            <Input
              {...control}
              {...register(`tasks.${index}.max_posts_per_creator`)}
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              step={1}
              className="max-w-40"
            />
          )}
        </FormField>
      </section>
    </li>
  );
}
