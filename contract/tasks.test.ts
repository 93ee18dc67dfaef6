import { describe, expect, it } from 'vitest';
import { TaskCreate, TaskListQuery, TaskUpdate } from './tasks.ts';

const task = { title: 'Unboxing', instructions: 'Open it on camera', platforms: ['tiktok'] };

function paths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  expect(result.success).toBe(false);
  return result.error?.issues.map((i) => i.path);
}

describe('TaskCreate', () => {
  it('requires title, instructions and at least one platform', () => {
    expect(TaskCreate.parse(task)).toEqual(task);
    expect(paths(TaskCreate.safeParse({}))).toEqual([['title'], ['instructions'], ['platforms']]);
  });

  it('refuses an empty platforms list with a readable message', () => {
    const result = TaskCreate.safeParse({ ...task, platforms: [] });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['platforms'], message: 'must name at least one platform' }),
    ]);
  });

  it('refuses an unknown or repeated platform and format', () => {
    expect(paths(TaskCreate.safeParse({ ...task, platforms: ['myspace'] }))).toEqual([
      ['platforms', 0],
    ]);
    expect(paths(TaskCreate.safeParse({ ...task, platforms: ['tiktok', 'tiktok'] }))).toEqual([
      ['platforms'],
    ]);
    expect(paths(TaskCreate.safeParse({ ...task, formats: ['feed_video', 'feed_video'] }))).toEqual(
      [['formats']],
    );
  });

  it('accepts every optional field, with null where the Task answers null', () => {
    const full = {
      ...task,
      formats: ['feed_video', 'story_images'],
      caption: null,
      require_ad_disclosure: true,
      tiktok_sound_url: 'https://www.tiktok.com/music/x',
      instagram_sound_url: null,
      video_examples: ['https://example.com/v.mp4'],
      image_url: null,
      review_mode: 'autoreview',
      autoreview_prompt: 'Product visible in the first 3 seconds',
      is_required: true,
      max_posts_per_creator: null,
      display_order: 0,
    };
    expect(TaskCreate.parse(full)).toEqual(full);
  });

  it('refuses non-http sound and image URIs', () => {
    expect(
      paths(
        TaskCreate.safeParse({
          ...task,
          tiktok_sound_url: 'javascript:alert(1)',
          image_url: 'data:image/png;base64,AAAA',
        }),
      ),
    ).toEqual([['tiktok_sound_url'], ['image_url']]);
  });

  it('refuses read-only and unknown fields', () => {
    const result = TaskCreate.safeParse({
      ...task,
      id: '0b9e8f3a-6c5d-4e7f-9a1b-2c3d4e5f6a7b',
      status: 'active',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['id', 'status'] }),
    ]);
  });

  it('bounds max_posts_per_creator and display_order to whole numbers', () => {
    expect(
      paths(TaskCreate.safeParse({ ...task, max_posts_per_creator: 0, display_order: 1.5 })),
    ).toEqual([['max_posts_per_creator'], ['display_order']]);
  });
});

describe('TaskUpdate', () => {
  it('accepts an empty body and any subset', () => {
    expect(TaskUpdate.parse({})).toEqual({});
    expect(TaskUpdate.parse({ caption: 'new' })).toEqual({ caption: 'new' });
  });

  it('still needs at least one platform when platforms is sent', () => {
    expect(paths(TaskUpdate.safeParse({ platforms: [] }))).toEqual([['platforms']]);
  });

  it('refuses fields that are not task fields, such as status', () => {
    expect(TaskUpdate.safeParse({ status: 'archived' }).success).toBe(false);
  });
});

describe('TaskListQuery', () => {
  it('filters by status and pages with limit 1 to 100, default 25', () => {
    expect(TaskListQuery.parse({ status: 'archived' })).toEqual({ status: 'archived', limit: 25 });
    expect(TaskListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(TaskListQuery.safeParse({ status: 'deleted' }).success).toBe(false);
  });
});
