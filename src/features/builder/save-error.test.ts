import { describe, expect, it } from 'vitest';
import { placeIssues } from './save-error';

const everywhere = () => true;

describe('placeIssues (the error body’s issues onto the builder)', () => {
  it('puts each named field on its input, by form path', () => {
    const placed = placeIssues(
      [
        { field: 'tasks[1].platforms', message: 'must name at least one platform' },
        { field: 'name', message: 'is required' },
        { field: 'video_examples[0]', message: 'must be an http or https URL' },
      ],
      '',
      everywhere,
    );
    expect(placed.fields).toEqual([
      { path: 'tasks.1.platforms', message: 'must name at least one platform' },
      { path: 'name', message: 'is required' },
      { path: 'video_examples.0.url', message: 'must be an http or https URL' },
    ]);
    expect(placed.unplaced).toEqual([]);
  });

  it('prefixes the fields a task endpoint names with the task', () => {
    const placed = placeIssues([{ field: 'title', message: 'Too big' }], 'tasks.2.', everywhere);
    expect(placed.fields).toEqual([{ path: 'tasks.2.title', message: 'Too big' }]);
  });

  it('gives a targeting problem to the rule, by the rule’s own path', () => {
    const placed = placeIssues(
      [{ field: 'targeting.groups[0].conditions[1].values', message: 'must be a range' }],
      '',
      everywhere,
    );
    expect(placed.targeting).toEqual([
      { path: 'groups[0].conditions[1].values', message: 'Must be a range.' },
    ]);
    expect(placed.fields).toEqual([]);
  });

  it('names a field without an input on screen at the top of its step, message text untouched', () => {
    const placed = placeIssues(
      [
        { field: 'invite_code', message: 'is already used; pick another' },
        { field: 'body', message: 'not valid JSON' },
      ],
      '',
      (path) => path !== 'invite_code',
    );
    expect(placed.fields).toEqual([]);
    expect(placed.unplaced).toEqual([
      'Invite code: Is already used; pick another.',
      'Not valid JSON.',
    ]);
    expect(placed.step).toBe('basics');
  });
});
