import type { BrandRef } from '#contract/me';
import { CAMPAIGN_STATUS_LABELS, CampaignStatus } from '#contract/enums';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { Button } from '#components/ui/button';
import { Input } from '#components/ui/input';
import { Label } from '#components/ui/label';
import { Select } from '#components/ui/select';
import { ToggleChip } from '#components/ui/toggle-chip';
import {
  ALL_BRANDS,
  CAMPAIGN_SORT_LABELS,
  CAMPAIGN_SORTS,
  CURRENT_BRAND,
  type CampaignSort,
} from '../list-view';

type Text = { value: string; onChange: (value: string) => void };

/** A select with its label above it. */
function LabelledSelect({
  id,
  label,
  className,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  /** The width, e.g. `w-56`. */
  className: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className={`${className} space-y-1.5`}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </div>
  );
}

/** The created range: two dates, each labelled for screen readers only, each bounding the other. */
function CreatedRange({
  id,
  from,
  to,
  errorId,
}: {
  id: string;
  from: Text;
  to: Text;
  /** The message saying the range is reversed; null while it is not. */
  errorId: string | null;
}) {
  const end = (name: 'from' | 'to', date: Text, bound: { min?: string; max?: string }) => (
    <>
      <Label htmlFor={`${id}-${name}`} className="sr-only">
        Created {name}
      </Label>
      <div className="w-40">
        <Input
          id={`${id}-${name}`}
          type="date"
          value={date.value}
          {...bound}
          onChange={(event) => date.onChange(event.target.value)}
          {...(errorId ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        />
      </div>
    </>
  );
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-gray-900">Created</legend>
      <div className="flex flex-wrap items-center gap-2">
        {end('from', from, to.value ? { max: to.value } : {})}
        <span aria-hidden="true" className="text-sm text-gray-600">
          to
        </span>
        {end('to', to, from.value ? { min: from.value } : {})}
      </div>
    </fieldset>
  );
}

/**
 * The list's filters. Statuses and the created range go to the service; the name search and the
 * order work on the rows loaded (the interface has neither).
 */
export function CampaignFilters({
  search,
  createdFrom,
  createdTo,
  rangeReversed,
  statuses,
  onToggleStatus,
  sort,
  onSortChange,
  brands,
  brandChoice,
  currentBrand,
  onBrandChange,
  canClear,
  onClear,
}: {
  search: Text;
  createdFrom: Text;
  createdTo: Text;
  rangeReversed: boolean;
  statuses: readonly CampaignStatus[];
  onToggleStatus: (status: CampaignStatus) => void;
  sort: CampaignSort;
  onSortChange: (sort: CampaignSort) => void;
  /** An agency's brands; null for a brand key (no brand filter). */
  brands: readonly BrandRef[] | null;
  brandChoice: string;
  currentBrand: BrandRef;
  onBrandChange: (brand: string) => void;
  canClear: boolean;
  onClear: () => void;
}) {
  const id = useId();
  const rangeErrorId = `${id}-range-error`;
  const statusLabelId = `${id}-status`;
  // On a phone only the name search shows at first, so that the campaigns come first; the rest
  // folds under "More filters" (always shown from md up).
  const [more, setMore] = useState(false);
  const moreId = `${id}-more`;

  return (
    <div
      role="search"
      aria-label="Campaign filters"
      className="mb-4 space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-end gap-4">
        <div className="min-w-56 flex-1 space-y-1.5">
          <Label htmlFor={`${id}-search`}>Search by name</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
            />
            <Input
              id={`${id}-search`}
              type="search"
              autoComplete="off"
              spellCheck={false}
              value={search.value}
              onChange={(event) => search.onChange(event.target.value)}
              className="pl-9"
            />
          </div>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="mb-1 md:hidden"
          aria-expanded={more}
          aria-controls={moreId}
          onClick={() => setMore(!more)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          More filters
          {canClear ? (
            <span className="rounded-full bg-indigo-100 px-1.5 text-xs font-semibold text-indigo-800">
              active
            </span>
          ) : null}
        </Button>
        <div
          id={moreId}
          className={clsx('flex-wrap items-end gap-4 md:flex', more ? 'flex' : 'hidden')}
        >
          <LabelledSelect
            id={`${id}-sort`}
            label="Sort by"
            className="w-56"
            value={sort}
            onChange={(value) => onSortChange(value as CampaignSort)}
          >
            {CAMPAIGN_SORTS.map((option) => (
              <option key={option} value={option}>
                {CAMPAIGN_SORT_LABELS[option]}
              </option>
            ))}
          </LabelledSelect>
          {brands ? (
            <LabelledSelect
              id={`${id}-brand`}
              label="Show campaigns of"
              className="w-64"
              value={brandChoice}
              onChange={onBrandChange}
            >
              <option value={CURRENT_BRAND}>This brand ({currentBrand.name})</option>
              <option value={ALL_BRANDS}>All my brands</option>
              {brands
                .filter((brand) => brand.id !== currentBrand.id)
                .map((brand) => (
                  <option key={brand.id} value={brand.id}>
                    {brand.name}
                  </option>
                ))}
            </LabelledSelect>
          ) : null}
        </div>
      </div>

      <div
        className={clsx('flex-wrap items-end gap-x-6 gap-y-4 md:flex', more ? 'flex' : 'hidden')}
      >
        <div className="space-y-1.5">
          <p id={statusLabelId} className="text-sm font-medium text-gray-900">
            Status
          </p>
          <div role="group" aria-labelledby={statusLabelId} className="flex flex-wrap gap-2">
            {CampaignStatus.options.map((status) => (
              <ToggleChip
                key={status}
                pressed={statuses.includes(status)}
                onClick={() => onToggleStatus(status)}
              >
                {CAMPAIGN_STATUS_LABELS[status]}
              </ToggleChip>
            ))}
          </div>
        </div>
        <CreatedRange
          id={id}
          from={createdFrom}
          to={createdTo}
          errorId={rangeReversed ? rangeErrorId : null}
        />
        {canClear ? (
          <Button variant="ghost" size="sm" onClick={onClear} className="mb-0.5">
            <X aria-hidden="true" className="size-4" />
            Clear filters
          </Button>
        ) : null}
      </div>
      {rangeReversed ? (
        <p id={rangeErrorId} role="alert" className="text-sm text-red-700">
          The first day comes after the last day, so the created dates are not applied.
        </p>
      ) : null}
    </div>
  );
}
