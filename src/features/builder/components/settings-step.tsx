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

/** Step 3: who approves what, and what a creator must complete. */
export function SettingsStep() {
  const { register } = useFormContext<BuilderValues>();
  const errors = {
    creator: useFieldError('settings.creator_approval_required'),
    brand: useFieldError('settings.brand_approval_required'),
    post: useFieldError('settings.post_approval_mode'),
    completion: useFieldError('settings.completion_mode'),
  };
  return (
    <>
      <StepSection title="Approvals">
        <CheckboxField
          label={CAMPAIGN_LABELS['settings.creator_approval_required']}
          description="Creators must be approved before they start work."
          error={errors.creator}
        >
          {(control) => (
            <Checkbox {...control} {...register('settings.creator_approval_required')} />
          )}
        </CheckboxField>
        <CheckboxField
          label={CAMPAIGN_LABELS['settings.brand_approval_required']}
          description={SIGN_OFF_EXPLANATION}
          error={errors.brand}
        >
          {(control) => <Checkbox {...control} {...register('settings.brand_approval_required')} />}
        </CheckboxField>
        <RadioCardGroup
          legend={CAMPAIGN_LABELS['settings.post_approval_mode']}
          description="How strictly submitted content is reviewed."
          error={errors.post}
          options={postApprovalOptions}
          inputProps={() => register('settings.post_approval_mode')}
          columns={4}
        />
      </StepSection>
      <div className="border-t border-gray-200 pt-6">
        <RadioCardGroup
          legend={CAMPAIGN_LABELS['settings.completion_mode']}
          description="Which tasks a creator must complete."
          error={errors.completion}
          options={completionOptions}
          inputProps={() => register('settings.completion_mode')}
        />
      </div>
    </>
  );
}
