import { PLATFORM_LABELS, Platform } from '#contract/enums';

/** One value a select filter offers, with its label. */
export type FilterChoice<T extends string = string> = { value: T; label: string };

/** Choices under a heading of their own (an `<optgroup>`). */
export type FilterChoiceGroup<T extends string = string> = {
  group: string;
  options: readonly FilterChoice<T>[];
};

/**
 * What a select filter offers: its label, the label of "no filter" (none when the filter always
 * has a value), and its choices, some perhaps grouped.
 */
export type SelectFilterSpec<T extends string = string> = {
  label: string;
  anyLabel?: string;
  choices: readonly (FilterChoice<T> | FilterChoiceGroup<T>)[];
};

/** The platform filter of a list of posts or submissions. */
export const PLATFORM_FILTER: SelectFilterSpec<Platform> = {
  label: 'Platform',
  anyLabel: 'All platforms',
  choices: Platform.options.map((value) => ({ value, label: PLATFORM_LABELS[value] })),
};

/** A filter by campaign, by name (the choices are their ids). */
export const campaignFilter = (
  campaigns: readonly { id: string; name: string }[],
): SelectFilterSpec => ({
  label: 'Campaign',
  anyLabel: 'All campaigns',
  choices: campaigns.map((c) => ({ value: c.id, label: c.name })),
});

/** A filter by a campaign's task, by title (the choices are their ids). */
export const taskFilter = (tasks: readonly { id: string; title: string }[]): SelectFilterSpec => ({
  label: 'Task',
  anyLabel: 'All tasks',
  choices: tasks.map((t) => ({ value: t.id, label: t.title })),
});

/**
 * Binds one filter of a screen's set to its control: `{...bind('task')}` is the filter's `value`
 * and an `onChange` that changes that filter alone.
 */
export function filterBinder<F extends object>(filters: F, update: (changes: Partial<F>) => void) {
  return <K extends keyof F>(name: K) => ({
    value: filters[name],
    onChange: (value: F[K]) => update({ [name]: value } as unknown as Partial<F>),
  });
}

/** Whether a range's last day is before its first (then a list applies neither). */
export const daysReversed = (range: { from: string | null; to: string | null }) =>
  range.from !== null && range.to !== null && range.from > range.to;
