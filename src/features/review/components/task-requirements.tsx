import { FORMAT_LABELS, PLATFORM_LABELS } from '#contract/enums';
import type { Task } from '#contract/tasks';
import type { ReactNode } from 'react';
import { ExternalLink } from '#components/ui/external-link';

/** What the task asks of the content, beside the submission. */
export function TaskRequirements({ task }: { task: Task | undefined }) {
  if (!task) return <p className="text-sm text-gray-600">Loading the task’s requirements…</p>;
  const rows: [string, ReactNode][] = [
    ['Task', task.title],
    ['Platforms', task.platforms.map((p) => PLATFORM_LABELS[p]).join(', ') || '—'],
    ['Formats', task.formats.map((f) => FORMAT_LABELS[f]).join(', ') || 'Any'],
    [
      'Caption',
      task.caption ? <q className="whitespace-pre-wrap">{task.caption}</q> : 'None required',
    ],
    ['Ad disclosure', task.require_ad_disclosure ? 'Required' : 'Not required'],
    [
      'Sound',
      task.tiktok_sound_url || task.instagram_sound_url ? (
        <span className="flex flex-col gap-1">
          {task.tiktok_sound_url ? (
            <ExternalLink href={task.tiktok_sound_url}>TikTok sound</ExternalLink>
          ) : null}
          {task.instagram_sound_url ? (
            <ExternalLink href={task.instagram_sound_url}>Instagram sound</ExternalLink>
          ) : null}
        </span>
      ) : (
        'Any'
      ),
    ],
    ['Instructions', <span className="whitespace-pre-wrap">{task.instructions}</span>],
  ];
  return (
    <dl className="space-y-3 text-sm">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="font-medium text-gray-900">{term}</dt>
          <dd className="mt-0.5 text-gray-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
