import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { BuilderValues } from './builder-form';
import {
  errorPaths,
  firstError,
  formPathOfServiceField,
  isFormFieldPath,
  stepErrorPaths,
  stepOfPath,
} from './builder-steps';

const err = (message: string) => ({ type: 'x', message });

describe('builder steps', () => {
  it('maps a service field to the form path of its input', () => {
    expect(formPathOfServiceField('tasks[0].title')).toBe('tasks.0.title');
    expect(formPathOfServiceField('tasks[1].platforms')).toBe('tasks.1.platforms');
    expect(formPathOfServiceField('video_examples[2]')).toBe('video_examples.2.url');
    expect(formPathOfServiceField('tasks[3].video_examples[0]')).toBe(
      'tasks.3.video_examples.0.url',
    );
    expect(formPathOfServiceField('links[1].service')).toBe('links.1.service');
    expect(formPathOfServiceField('product')).toBe('product.name');
    expect(formPathOfServiceField('content_deadline_date')).toBe('content_deadline_date');
    // A task endpoint names the task's own fields.
    expect(formPathOfServiceField('caption', 'tasks.2.')).toBe('tasks.2.caption');
  });

  it('knows which paths are inputs', () => {
    expect(isFormFieldPath('tasks.0.title')).toBe(true);
    expect(isFormFieldPath('settings.completion_mode')).toBe(true);
    expect(isFormFieldPath('video_examples.0.url')).toBe(true);
    expect(isFormFieldPath('spent_cents')).toBe(false);
    expect(isFormFieldPath('tasks')).toBe(false);
    expect(isFormFieldPath('targeting.groups.0')).toBe(false);
  });

  it('finds the step of a path', () => {
    expect(stepOfPath('tasks.1.platforms')).toBe('tasks');
    expect(stepOfPath('product.name')).toBe('basics');
    expect(stepOfPath('settings.completion_mode')).toBe('settings');
    expect(stepOfPath('post_deadline_date')).toBe('deadlines');
    expect(stepOfPath('targeting')).toBe('targeting');
    expect(stepOfPath('spent_cents')).toBeNull();
  });

  it('lists error paths in step order, a field array’s own error as the array', () => {
    const errors = {
      tasks: { 1: { platforms: err('must name at least one platform') } },
      links: { root: err('too many') },
      name: err('required'),
      content_deadline_date: err('must be on or before post_deadline_date'),
    } as unknown as FieldErrors<BuilderValues>;
    expect(errorPaths(errors.tasks, 'tasks')).toEqual(['tasks.1.platforms']);
    expect(stepErrorPaths(errors, 'basics')).toEqual(['name', 'links']);
    expect(stepErrorPaths(errors, 'tasks')).toEqual(['tasks.1.platforms']);
    expect(firstError(errors)).toEqual({ step: 'basics', path: 'name' });
    expect(firstError({ content_deadline_date: err('x') } as FieldErrors<BuilderValues>)).toEqual({
      step: 'deadlines',
      path: 'content_deadline_date',
    });
    expect(firstError({})).toBeNull();
  });
});
