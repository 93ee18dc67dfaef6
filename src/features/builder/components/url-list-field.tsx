import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { FieldsetField } from '#components/form/choice-fields';
import { FormField } from '#components/form/form-field';
import { Button, buttonClasses } from '#components/ui/button';
import { Input } from '#components/ui/input';
import { MAX_EXAMPLES, type BuilderValues } from '../builder-form';
import { useFieldError } from '../use-field-error';

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
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <FieldsetField legend={legend} description={description} error={error}>
      {() => (
        <>
          {fields.length > 0 ? (
            <ol className="space-y-3">
              {fields.map((field, index) => (
                <UrlRow
                  key={field.id}
                  name={name}
                  index={index}
                  itemLabel={itemLabel}
                  onRemove={() => {
                    remove(index);
                    addRef.current?.focus();
                  }}
                />
              ))}
            </ol>
          ) : null}
          <button
            ref={addRef}
            type="button"
            className={buttonClasses('secondary', 'sm')}
            disabled={fields.length >= MAX_EXAMPLES}
            onClick={() => append({ url: '' })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {addLabel}
          </button>
        </>
      )}
    </FieldsetField>
  );
}
