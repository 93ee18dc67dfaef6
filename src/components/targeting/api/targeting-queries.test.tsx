import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TargetingProperty } from '#contract/targeting';
import { configureApiClient } from '#lib/api-client';
import { testQueryClient } from '#test/render';
import { realService } from '#testing/service';
import { TargetingEditor } from '../components/targeting-editor';
import type { UseTargetingValues } from '../targeting-values';
import { allOf } from '../test-fixtures';
import {
  targetingKeys,
  targetingPropertiesQueryOptions,
  targetingValuesQueryOptions,
  useTargetingValues,
} from './targeting-queries';

const service = realService();

describe('targeting queries', () => {
  beforeEach(async () => {
    const team = await service.world.brandTeam();
    configureApiClient({ credentials: () => ({ apiKey: team.key, baseUrl: null }) });
  });
  afterEach(() => {
    configureApiClient({ credentials: () => null });
  });

  it('keys go from the area to the property', () => {
    expect(targetingKeys.all).toEqual(['targeting']);
    expect(targetingKeys.properties()).toEqual(['targeting', 'properties']);
    expect(targetingKeys.values('prop_country')).toEqual(['targeting', 'values', 'prop_country']);
  });

  it('GET /targeting/properties answers the list of properties', async () => {
    const properties = await testQueryClient().fetchQuery(targetingPropertiesQueryOptions());

    expect(properties).toContainEqual({ id: 'prop_age', name: 'Age (years)', kind: 'number' });
    expect(properties).toContainEqual({ id: 'prop_country', name: 'Country', kind: 'option' });
    expect(service.requests.map((r) => r.url.href)).toEqual([
      `${window.location.origin}/2026-07/targeting/properties`,
    ]);
  });

  it('asks for the values of the property by its id, passed back verbatim', async () => {
    // A property of the platform's own, whose id the service made (a UUID).
    const property = await service.world.ops<TargetingProperty>(
      'POST',
      '/ops/targeting/properties',
      { name: 'Shop tier', kind: 'option', values: [{ value: 'v/1', label: 'First' }] },
    );

    const values = await testQueryClient().fetchQuery(targetingValuesQueryOptions(property.id));

    expect(values).toEqual([{ value: 'v/1', label: 'First' }]);
    expect(service.requests.map((r) => r.url.href)).toEqual([
      `${window.location.origin}/2026-07/targeting/properties/${property.id}/values`,
    ]);
  });

  it('plugs into the editor as its useValues', async () => {
    const useValues: UseTargetingValues = useTargetingValues;

    render(
      <QueryClientProvider client={testQueryClient()}>
        <TargetingEditor
          value={allOf({ property: 'prop_country', operator: 'IN', values: ['c_ca'] })}
          onChange={() => {}}
          properties={[{ id: 'prop_country', name: 'Country', kind: 'option' }]}
          useValues={useValues}
        />
      </QueryClientProvider>,
    );

    expect(
      await screen.findByText('Creators where Country is Canada.', { exact: false }),
    ).toBeInTheDocument();
  });
});
