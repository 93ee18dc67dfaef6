import type { CampaignCreator } from '#contract/creators';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Badge } from '#components/ui/badge';

/** The creator's targeting properties as name and value pairs, wrapping as the space allows. */
export function PropertyList({ creator }: { creator: CampaignCreator }) {
  if (creator.properties.length === 0) {
    return <p className="text-sm text-gray-600">No properties given</p>;
  }
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {creator.properties.map((p) => (
        <div key={p.property_id} className="flex gap-1.5">
          <dt className="text-gray-600">{p.name}</dt>
          <dd className="font-medium text-gray-900">{p.label}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Whether the creator meets the campaign's targeting: a badge, and under it each condition they
 * do not meet, as the service words it. `open` says the campaign has no targeting.
 */
export function FitSummary({ creator, open }: { creator: CampaignCreator; open: boolean }) {
  const fit = creator.targeting_fit;
  if (fit.matches) {
    return (
      <Badge tone="green">
        <CircleCheck aria-hidden="true" className="size-3.5" />
        {open ? 'Open to all' : 'Fits targeting'}
      </Badge>
    );
  }
  return (
    <div className="space-y-1">
      <Badge tone="amber">
        <CircleAlert aria-hidden="true" className="size-3.5" />
        Doesn’t fit
      </Badge>
      <ul
        aria-label={`Unmet conditions for @${creator.username}`}
        className="space-y-0.5 text-xs text-gray-700"
      >
        {fit.unmet.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </div>
  );
}
