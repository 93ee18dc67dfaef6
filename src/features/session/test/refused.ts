import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { RealService } from '#testing/service';
import { readSession } from '../session-storage';

/**
 * Expects a sign-in form to have refused what was entered in the field labelled `label`: the
 * field is marked invalid, says `reason` and has focus, no session is kept, and the service was
 * asked only for `paths`.
 */
export async function expectRefusedAt(
  label: string,
  reason: string,
  { service, paths }: { service: RealService; paths: string[] },
) {
  const field = screen.getByLabelText(label);
  await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
  expect(field).toHaveAccessibleDescription(expect.stringContaining(reason));
  expect(field).toHaveFocus();
  expect(readSession()).toBeNull();
  expect(service.requests.map((r) => r.path)).toEqual(paths);
}
