import type { Targeting } from '#contract/targeting';

// A Targeting has no ids, yet rows need stable React keys (so a moved row keeps its local state
// and DOM) and stable names to move focus to. The editor keeps these keys beside the value and
// applies every edit to both.

export type GroupKeys = { key: string; conditions: readonly string[] };
export type RowKeys = { groups: readonly GroupKeys[]; next: number };

export const NO_KEYS: RowKeys = { groups: [], next: 0 };

/** Keys for a value that changed outside the editor: positions that existed keep their keys. */
export function reconcileRowKeys(previous: RowKeys, targeting: Targeting | null): RowKeys {
  if (targeting === null) return previous;
  let next = previous.next;
  const fresh = () => `k${next++}`;
  const groups = targeting.groups.map((group, g) => {
    const old = previous.groups[g];
    return {
      key: old?.key ?? fresh(),
      conditions: group.conditions.map((_, c) => old?.conditions[c] ?? fresh()),
    };
  });
  return { groups, next };
}

export function newKey(keys: RowKeys): [string, RowKeys] {
  return [`k${keys.next}`, { ...keys, next: keys.next + 1 }];
}
