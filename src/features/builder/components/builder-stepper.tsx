import { clsx } from 'clsx';
import { get, useFormState, type Control } from 'react-hook-form';
import type { BuilderOutput, BuilderValues } from '../builder-form';
import type { BuilderContext } from '../builder-resolver';
import { STEPS, stepErrorPaths, type StepId } from '../builder-steps';

// A field array's own error (`links`, `tasks.0.platforms`) counts once any of its rows was left.
function anyTrue(node: unknown): boolean {
  if (node === true) return true;
  if (typeof node === 'object' && node !== null) return Object.values(node).some(anyTrue);
  return false;
}

const isTouched = (touched: unknown, path: string) => anyTrue(get(touched, path));

/**
 * The builder's steps, visited in any order. The current one carries `aria-current="step"`;
 * a step with problems says how many in its name ("Tasks, 2 errors"). Before the form is checked
 * as a whole (a save, or the Review step), only problems of fields the user has left count: moving
 * between steps marks nothing.
 */
export function BuilderStepper({
  control,
  current,
  checked,
  onSelect,
}: {
  control: Control<BuilderValues, BuilderContext, BuilderOutput>;
  current: StepId;
  checked: boolean;
  onSelect: (step: StepId) => void;
}) {
  const { errors, touchedFields } = useFormState({ control });
  const counts = (step: StepId) =>
    stepErrorPaths(errors, step).filter((path) => checked || isTouched(touchedFields, path)).length;
  return (
    <nav aria-label="Builder steps">
      <ol className="flex gap-1 overflow-x-auto p-1 lg:flex-col lg:overflow-visible">
        {STEPS.map((step, index) => {
          const count = step.id === 'review' ? 0 : counts(step.id);
          const selected = step.id === current;
          return (
            <li key={step.id} className="shrink-0">
              <button
                type="button"
                aria-current={selected ? 'step' : undefined}
                // The count is a badge; the name says it in words ("Tasks, 2 errors").
                aria-label={
                  count > 0
                    ? `${step.label}, ${count} ${count === 1 ? 'error' : 'errors'}`
                    : undefined
                }
                onClick={() => onSelect(step.id)}
                className={clsx(
                  'flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm font-medium whitespace-nowrap',
                  selected
                    ? 'bg-indigo-50 text-indigo-800'
                    : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                )}
              >
                <span
                  aria-hidden="true"
                  className={clsx(
                    'flex size-6 shrink-0 items-center justify-center rounded-full text-xs',
                    selected ? 'bg-indigo-700 text-white' : 'bg-gray-200 text-gray-800',
                  )}
                >
                  {index + 1}
                </span>
                <span className="flex-1">{step.label}</span>
                {count > 0 ? (
                  <span
                    aria-hidden="true"
                    className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800"
                  >
                    {count}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
