import { SIGN_OFF_EXPLANATION } from '#contract/media-checks';
import {
  COMPLETION_MODE_DESCRIPTIONS,
  COMPLETION_MODE_LABELS,
  CompletionMode,
  POST_APPROVAL_MODE_DESCRIPTIONS,
  POST_APPROVAL_MODE_LABELS,
  PostApprovalMode,
} from '#contract/enums';
import { useFormContext } from 'react-hook-form';
import { RadioCardGroup } from '#components/form/choice-fields';
import { CheckboxField } from '#components/form/form-field';
import { Checkbox } from '#components/ui/checkbox';
import type { BuilderValues } from '../builder-form';
import { CAMPAIGN_LABELS } from '../field-labels';
import { useFieldError } from '../use-field-error';
import { StepSection } from './step-section';

const postApprovalOptions = PostApprovalMode.options.map((value) => ({
  value,
  label: POST_APPROVAL_MODE_LABELS[value],
  description: POST_APPROVAL_MODE_DESCRIPTIONS[value],
}));

const completionOptions = CompletionMode.options.map((value) => ({
  value,
  label: COMPLETION_MODE_LABELS[value],
  description: COMPLETION_MODE_DESCRIPTIONS[value],
}));

/** A setting the campaign requires or not, with the form's error for it. */
function RequiredSetting({
  name,
  description,
}: {
  name: 'settings.creator_approval_required' | 'settings.brand_approval_required';
  description: string;
}) {
  const { register } = useFormContext<BuilderValues>();
  const error = useFieldError(name);
  return (
    <CheckboxField label={CAMPAIGN_LABELS[name]} description={description} error={error}>
      {(control) => <Checkbox {...control} {...register(name)} />}
    </CheckboxField>
  );
}

/** A setting with one of a few modes, each a card, with the form's error for it. */
function ModeSetting({
  name,
  description,
  options,
  columns,
}: {
  name: 'settings.post_approval_mode' | 'settings.completion_mode';
  description: string;
  options: typeof postApprovalOptions | typeof completionOptions;
  columns?: 4;
}) {
  const { register } = useFormContext<BuilderValues>();
  const error = useFieldError(name);
  return (
    <RadioCardGroup
      legend={CAMPAIGN_LABELS[name]}
      description={description}
      error={error}
      options={options}
      inputProps={() => register(name)}
      columns={columns}
    />
  );
}

/** Step 3: who approves what, and what a creator must complete. */
export function SettingsStep() {
  return (
    <>
      <StepSection title="Approvals">
        <RequiredSetting
          name="settings.creator_approval_required"
          description="Creators must be approved before they start work."
        />
        <RequiredSetting
          name="settings.brand_approval_required"
          description={SIGN_OFF_EXPLANATION}
        />
        <ModeSetting
          name="settings.post_approval_mode"
          description="How strictly submitted content is reviewed."
          options={postApprovalOptions}
          columns={4}
        />
      </StepSection>
      <div className="border-t border-gray-200 pt-6">
        <ModeSetting
          name="settings.completion_mode"
          description="Which tasks a creator must complete."
          options={completionOptions}
        />
      </div>
    </>
  );
}
