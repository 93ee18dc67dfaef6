import type { FieldIssue } from '#contract/issues';
import { formPathOfServiceField, isFormFieldPath, stepOfPath, type StepId } from './builder-steps';
import { fieldLabel } from './field-labels';
import { sentence } from './messages';

/** Where the problems of a refused save go. */
export type PlacedIssues = {
  /** On an input of the form, by form path (`tasks.0.title`). */
  fields: { path: string; message: string }[];
  /** Beside the targeting rule's rows, by the rule's own path (`groups[0].conditions[1].values`). */
  targeting: { path: string; message: string }[];
  /** At the top of a step, in words that name the field. */
  unplaced: string[];
  /** The step of the first problem that has no input on screen; null when none has. */
  step: StepId | null;
};

/**
 * Places the problems the service named (the error body's `issues`). `within` prefixes the fields
 * named by a task endpoint (`tasks.2.`); `isShown` says whether a form path's input is on screen.
 */
export function placeIssues(
  issues: readonly FieldIssue[],
  within: string,
  isShown: (path: string) => boolean,
): PlacedIssues {
  const placed: PlacedIssues = { fields: [], targeting: [], unplaced: [], step: null };
  for (const issue of issues) {
    const path = formPathOfServiceField(issue.field, within);
    if (path === 'targeting' || path.startsWith('targeting.')) {
      const rulePath = issue.field.slice('targeting'.length).replace(/^\./, '');
      placed.targeting.push({ path: rulePath, message: sentence(issue.message) });
    } else if (isFormFieldPath(path) && isShown(path)) {
      placed.fields.push({ path, message: issue.message });
    } else {
      const step = stepOfPath(path);
      placed.unplaced.push(
        step ? `${fieldLabel(path)}: ${sentence(issue.message)}` : sentence(issue.message),
      );
      placed.step ??= step;
    }
  }
  return placed;
}
