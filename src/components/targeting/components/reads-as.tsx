import type { ReactNode } from 'react';
import type { Targeting, TargetingProperty } from '#contract/targeting';
import { describeTargeting, type LabelsByProperty } from '../describe-targeting';
import type { UseTargetingValues } from '../targeting-values';

type Collect = {
  propertyIds: readonly string[];
  useValues: UseTargetingValues;
  collected: LabelsByProperty;
  children: (labels: LabelsByProperty) => ReactNode;
};

// The rule uses any number of option properties, and a component may not call a varying number
// of hooks: each level of this chain asks for one property's values and passes the rest on.
function CollectValueLists({ propertyIds, ...props }: Collect) {
  const [first, ...rest] = propertyIds;
  if (first === undefined) return props.children(props.collected);
  return <CollectValueList key={first} propertyId={first} propertyIds={rest} {...props} />;
}

function CollectValueList({ propertyId, ...props }: Collect & { propertyId: string }) {
  const { data } = props.useValues(propertyId);
  return <CollectValueLists {...props} collected={{ ...props.collected, [propertyId]: data }} />;
}

export function ReadsAs({
  value,
  properties,
  useValues,
}: {
  value: Targeting | null;
  properties: readonly TargetingProperty[];
  useValues: UseTargetingValues;
}) {
  const optionIds = new Set(
    properties.filter((property) => property.kind === 'option').map((property) => property.id),
  );
  const used = [
    ...new Set(value?.groups.flatMap((group) => group.conditions.map((c) => c.property)) ?? []),
  ].filter((id) => optionIds.has(id));

  return (
    <div className="rounded-md border border-dashed border-gray-300 bg-gray-50 px-3 py-2">
      {/* The region stays mounted so screen readers announce each new reading. */}
      <p aria-live="polite" aria-atomic="true" className="text-sm text-gray-800">
        <span className="font-medium text-gray-900">Reads as: </span>
        <CollectValueLists propertyIds={used} useValues={useValues} collected={{}}>
          {(labels) => describeTargeting(value, properties, labels)}
        </CollectValueLists>
      </p>
    </div>
  );
}
