import { useFormContext } from 'react-hook-form';
import { FormField } from '#components/form/form-field';
import { Input } from '#components/ui/input';
import { formatDate } from '#lib/format';
import type { BuilderValues } from '../builder-form';
import { CAMPAIGN_LABELS } from '../field-labels';
import { useFieldError } from '../use-field-error';

type Deadline = 'content_deadline_date' | 'post_deadline_date';

/** A deadline's date; it is checked again when `checkedWith`, the other deadline, changes. */
function DeadlineField({
  name,
  checkedWith,
  description,
  earliest,
}: {
  name: Deadline;
  checkedWith: Deadline;
  description: string;
  earliest: string | null;
}) {
  const { register } = useFormContext<BuilderValues>();
  const error = useFieldError(name);
  return (
    <FormField label={CAMPAIGN_LABELS[name]} description={description} error={error}>
      {(control) => (
        <Input
          {...control}
          {...register(name, { deps: [checkedWith] })}
          type="date"
          min={earliest ?? undefined}
          className="max-w-56"
        />
      )}
    </FormField>
  );
}

/** Step 4: the two deadlines; content is due on or before the post deadline. */
export function DeadlinesStep({ earliest }: { earliest: string | null }) {
  const bound = earliest
    ? ` A new date cannot be before today (${formatDate(earliest)}, UTC).`
    : '';
  return (
    <div className="grid max-w-xl gap-5">
      <DeadlineField
        name="content_deadline_date"
        checkedWith="post_deadline_date"
        description={`The date by which content must be submitted for review; on or before the post deadline.${bound}`}
        earliest={earliest}
      />
      <DeadlineField
        name="post_deadline_date"
        checkedWith="content_deadline_date"
        description={`The date by which approved content must be posted.${bound}`}
        earliest={earliest}
      />
    </div>
  );
}
