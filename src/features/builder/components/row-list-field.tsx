import { Plus } from 'lucide-react';
import { Fragment, useRef, type ReactNode } from 'react';
import { FieldsetField } from '#components/form/choice-fields';
import { buttonClasses } from '#components/ui/button';

/**
 * A list of rows of the form (links, example videos) in a fieldset: the rows in order, each with
 * its own way to be removed, then a button that adds one, up to `max`. Removing a row moves focus
 * to that button, as the row's own button is gone.
 */
export function RowListField({
  legend,
  description,
  error,
  rowIds,
  max,
  addLabel,
  onAdd,
  onRemove,
  row,
}: {
  legend: string;
  description?: string | undefined;
  error: string | undefined;
  /** The ids `useFieldArray` gives its rows. */
  rowIds: readonly string[];
  max: number;
  addLabel: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** One row, an `li`; `remove` removes it. */
  row: (index: number, remove: () => void) => ReactNode;
}) {
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <FieldsetField legend={legend} description={description} error={error}>
      {() => (
        <>
          {rowIds.length > 0 ? (
            <ol className="space-y-3">
              {rowIds.map((id, index) => (
                <Fragment key={id}>
                  {row(index, () => {
                    onRemove(index);
                    addRef.current?.focus();
                  })}
                </Fragment>
              ))}
            </ol>
          ) : null}
          <button
            ref={addRef}
            type="button"
            className={buttonClasses('secondary', 'sm')}
            disabled={rowIds.length >= max}
            onClick={onAdd}
          >
            <Plus aria-hidden="true" className="size-4" />
            {addLabel}
          </button>
        </>
      )}
    </FieldsetField>
  );
}
