import { useFormContext } from 'react-hook-form';
import { FormField } from '#components/form/form-field';
import { Input } from '#components/ui/input';
import { formatDate } from '#lib/format';
import type { BuilderValues } from '../builder-form';
import { CAMPAIGN_LABELS } from '../field-labels';
import { useFieldError } from '../use-field-error';

/** Step 4: the two deadlines; content is due on or before the post deadline. */
export function DeadlinesStep({ earliest }: { earliest: string | null }) {
  const { register } = useFormContext<BuilderValues>();
  const contentError = useFieldError('content_deadline_date');
  const postError = useFieldError('post_deadline_date');
  const bound = earliest
    ? ` A new date cannot be before today (${formatDate(earliest)}, UTC).`
    : '';
  return (
    <div className="grid max-w-xl gap-5">
      <FormField
        label={CAMPAIGN_LABELS.content_deadline_date}
        description={`The date by which content must be submitted for review; on or before the post deadline.${bound}`}
        error={contentError}
      >
        {(control) => (
          <Input
            {...control}
            {...register('content_deadline_date', { deps: ['post_deadline_date'] })}
            type="date"
            min={earliest ?? undefined}
            className="max-w-56"
          />
        )}
      </FormField>
      <FormField
        label={CAMPAIGN_LABELS.post_deadline_date}
        description={`The date by which approved content must be posted.${bound}`}
        error={postError}
      >
        {(control) => (
          <Input
            {...control}
            {...register('post_deadline_date', { deps: ['content_deadline_date'] })}
            type="date"
            min={earliest ?? undefined}
            className="max-w-56"
          />
        )}
      </FormField>
    </div>
  );
}
