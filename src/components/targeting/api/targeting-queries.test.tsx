import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '#lib/api-client';
import { jsonResponse, stubFetch } from '#test/http';
import { testQueryClient } from '#test/render';
import { TargetingEditor } from '../components/targeting-editor';
import type { UseTargetingValues } from '../targeting-values';
import {
  targetingKeys,
  targetingPropertiesQueryOptions,
  targetingValuesQueryOptions,
  useTargetingValues,
} from './targeting-queries';

const PROPERTY_ID = 'b5a1c2d3-0000-4000-8000-000000000001';

describe('targeting queries', () => {
  beforeEach(() => {
    configureApiClient({ credentials: () => ({ apiKey: 'cck_test_key', baseUrl: null }) });
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
    const fetchMock = stubFetch(() =>
      jsonResponse({ data: [{ id: 'prop_age', name: 'Age (years)', kind: 'number' }] }),
    );

    const properties = await testQueryClient().fetchQuery(targetingPropertiesQueryOptions());

    expect(properties).toEqual([{ id: 'prop_age', name: 'Age (years)', kind: 'number' }]);
    expect(fetchMock.mock.calls[0]![0]).toBe(
      `${window.location.origin}/2026-07/targeting/properties`,
    );
  });

  it('asks for the values of the property by its id, passed back verbatim', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ data: [{ value: 'v/1', label: 'First' }] }));

    const values = await testQueryClient().fetchQuery(targetingValuesQueryOptions(PROPERTY_ID));

    expect(values).toEqual([{ value: 'v/1', label: 'First' }]);
    expect(fetchMock.mock.calls[0]![0]).toBe(
      `${window.location.origin}/2026-07/targeting/properties/${PROPERTY_ID}/values`,
    );
  });

  it('plugs into the editor as its useValues', async () => {
    const useValues: UseTargetingValues = useTargetingValues;
    stubFetch((url) =>
      url.endsWith('/targeting/properties/prop_country/values')
        ? jsonResponse({ data: [{ value: 'c_ca', label: 'Canada' }] })
        : jsonResponse({ error: 404, code: 'not_found', message: 'nope' }, { status: 404 }),
    );

    render(
      <QueryClientProvider client={testQueryClient()}>
        <TargetingEditor
          value={{
            root_operator: 'AND',
            groups: [
              {
                operator: 'AND',
                conditions: [{ property: 'prop_country', operator: 'IN', values: ['c_ca'] }],
              },
            ],
          }}
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
