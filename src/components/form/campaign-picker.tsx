import type { LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { formatNumber } from '#lib/format';
import { EmptyState } from '../ui/empty-state';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Select } from '../ui/select';

export type CampaignChoice = { id: string; name: string };

/**
 * The campaign a screen shows: a search box that narrows a native select, so a brand with
 * hundreds of campaigns can still reach each one from the keyboard. `loadingMore` says the list
 * is still arriving page by page.
 */
export function CampaignPicker({
  campaigns,
  value,
  onChange,
  loadingMore = false,
  label = 'Campaign',
  className,
}: {
  campaigns: readonly CampaignChoice[];
  value: string | null;
  onChange: (campaignId: string) => void;
  loadingMore?: boolean;
  label?: string;
  className?: string;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLocaleLowerCase();
  const matches = needle
    ? campaigns.filter((c) => c.name.toLocaleLowerCase().includes(needle))
    : campaigns;
  // The chosen campaign stays an option while a search hides it, so the select keeps its value.
  const chosen = campaigns.find((c) => c.id === value);
  const options = chosen && !matches.includes(chosen) ? [chosen, ...matches] : matches;
  const showSearch = campaigns.length > 8 || loadingMore;
  return (
    <div className={className ?? 'grid gap-3 sm:grid-cols-2'}>
      {showSearch ? (
        <div className="space-y-1">
          <Label htmlFor={`${id}-search`}>Find a campaign</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            aria-describedby={`${id}-count`}
            onChange={(e) => setSearch(e.target.value)}
          />
          <p id={`${id}-count`} className="text-xs text-gray-600" aria-live="polite">
            {needle
              ? `${formatNumber(matches.length)} of ${formatNumber(campaigns.length)} campaigns match`
              : `${formatNumber(campaigns.length)} campaigns`}
            {loadingMore ? ' (loading more…)' : ''}
          </p>
        </div>
      ) : null}
      <div className="space-y-1">
        <Label htmlFor={`${id}-campaign`}>{label}</Label>
        <Select
          id={`${id}-campaign`}
          value={chosen ? chosen.id : ''}
          onChange={(e) => {
            if (e.target.value) onChange(e.target.value);
          }}
        >
          {chosen ? null : <option value="">Choose a campaign</option>}
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
        {needle && matches.length === 0 ? (
          <p className="text-xs text-gray-600">No campaign name contains “{search.trim()}”.</p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A screen's part that shows one campaign at a time: "No campaigns yet" (with `empty`'s icon and
 * text) while the brand has none, else the campaign picker above `children`.
 */
export function CampaignPickerPanel({
  campaigns,
  value,
  onChange,
  loadingMore,
  empty,
  children,
}: {
  campaigns: readonly CampaignChoice[];
  value: string | null;
  onChange: (campaignId: string) => void;
  loadingMore: boolean;
  empty: { icon: LucideIcon; text: string };
  children: ReactNode;
}) {
  if (campaigns.length === 0) {
    return (
      <EmptyState icon={empty.icon} title="No campaigns yet">
        {empty.text}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <CampaignPicker
        campaigns={campaigns}
        value={value}
        loadingMore={loadingMore}
        onChange={onChange}
      />
      {children}
    </div>
  );
}
