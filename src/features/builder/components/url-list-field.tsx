import { Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { FormField } from '#components/form/form-field';
import { Button } from '#components/ui/button';
import { Input } from '#components/ui/input';
import { MAX_EXAMPLES, type BuilderValues } from '../builder-form';
import { useFieldError } from '../use-field-error';
import { RowListField } from './row-list-field';

type UrlListName = 'video_examples' | `tasks.${number}.video_examples`;

function UrlRow({
  name,
  index,
  itemLabel,
  onRemove,
}: {
  name: UrlListName;
  index: number;
  itemLabel: string;
  onRemove: () => void;
}) {
  const { register } = useFormContext<BuilderValues>();
  const path = `${name}.${index}.url` as const;
  const error = useFieldError(path);
  const label = `${itemLabel} ${index + 1}`;
  return (
    <li className="flex items-start gap-2">
      <div className="flex-1">
        <FormField label={label} error={error}>
          {(control) => (
            <Input
              {...control}
              {...register(path)}
              type="url"
              inputMode="url"
              placeholder="https://"
              spellCheck={false}
            />
          )}
        </FormField>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="mt-7"
        aria-label={`Remove ${label.toLowerCase()}`}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}

/** A list of URLs (example videos): add a row, remove a row, each row its own labelled input. */
export function UrlListField({
  name,
  legend,
  description,
  itemLabel,
  addLabel,
}: {
  name: UrlListName;
  legend: string;
  description?: string;
  itemLabel: string;
  addLabel: string;
}) {
  const { control } = useFormContext<BuilderValues>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const error = useFieldError(name);
  return (
    <RowListField
      legend={legend}
      description={description}
      error={error}
      rowIds={fields.map((field) => field.id)}
      max={MAX_EXAMPLES}
      addLabel={addLabel}
      onAdd={() => append({ url: '' })}
      onRemove={remove}
      row={(index, onRemove) => (
        <UrlRow name={name} index={index} itemLabel={itemLabel} onRemove={onRemove} />
      )}
    />
  );
}
