import type { Task } from '#contract/tasks';
import {
  FORMAT_LABELS,
  PLATFORM_LABELS,
  REVIEW_MODE_LABELS,
  TASK_STATUS_LABELS,
} from '#contract/enums';
import { clsx } from 'clsx';
import { useId } from 'react';
import { Badge } from '#components/ui/badge';
import { ExternalLink } from '#components/ui/external-link';
import { formatNumber } from '#lib/format';
import { RemoteImage } from '#components/ui/remote-image';
import { Fact, Prose } from './campaign-overview';

/** Tasks in the order of the brief. */
export function sortTasks(tasks: readonly Task[]): Task[] {
  return [...tasks].sort(
    (a, b) =>
      a.display_order - b.display_order ||
      a.created_at.localeCompare(b.created_at) ||
      a.id.localeCompare(b.id),
  );
}

const none = <span className="text-gray-600">None</span>;

function Links({ urls }: { urls: readonly string[] }) {
  if (urls.length === 0) return none;
  return (
    <ul className="space-y-1">
      {urls.map((url, index) => (
        <li key={`${index}-${url}`}>
          <ExternalLink href={url} />
        </li>
      ))}
    </ul>
  );
}

function TaskCard({ task }: { task: Task }) {
  const titleId = useId();
  const archived = task.status === 'archived';
  const sounds = [
    task.tiktok_sound_url ? { label: 'TikTok sound', url: task.tiktok_sound_url } : null,
    task.instagram_sound_url ? { label: 'Instagram sound', url: task.instagram_sound_url } : null,
  ].filter((sound) => sound !== null);
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={clsx(
          'rounded-lg border p-5',
          archived
            ? 'border-dashed border-gray-300 bg-gray-50'
            : 'border-gray-200 bg-white shadow-xs',
        )}
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h3 id={titleId} className="text-base font-semibold text-gray-900">
            {task.title}
          </h3>
          <div className="flex flex-wrap gap-2">
            <Badge tone={task.is_required ? 'indigo' : 'gray'}>
              {task.is_required ? 'Required' : 'Optional'}
            </Badge>
            <Badge tone={archived ? 'gray' : 'green'}>{TASK_STATUS_LABELS[task.status]}</Badge>
          </div>
        </div>
        {archived ? (
          <p className="mt-1 text-sm text-gray-600">Archived: accepts no new creators.</p>
        ) : null}
        <div className="mt-3 flex flex-col gap-4 sm:flex-row">
          <dl className="grid min-w-0 flex-1 gap-x-8 sm:grid-cols-2">
            <Fact term="Instructions" className="sm:col-span-2">
              <Prose text={task.instructions} />
            </Fact>
            <Fact term="Platforms">
              {task.platforms.map((platform) => PLATFORM_LABELS[platform]).join(', ') || 'None'}
            </Fact>
            <Fact term="Formats">
              {task.formats.length > 0
                ? task.formats.map((format) => FORMAT_LABELS[format]).join(', ')
                : 'Any format'}
            </Fact>
            <Fact
              term="Caption"
              note={task.caption ? 'Creators must post with this caption.' : undefined}
            >
              <Prose text={task.caption} />
            </Fact>
            <Fact term="Ad disclosure">
              {task.require_ad_disclosure
                ? 'Required: the post carries the platform’s paid-partnership label.'
                : 'Not required'}
            </Fact>
            <Fact term="Sounds">
              {sounds.length === 0 ? (
                none
              ) : (
                <ul className="space-y-1">
                  {sounds.map((sound) => (
                    <li key={sound.label}>
                      {sound.label}: <ExternalLink href={sound.url} />
                    </li>
                  ))}
                </ul>
              )}
            </Fact>
            <Fact term="Example videos">
              <Links urls={task.video_examples} />
            </Fact>
            <Fact
              term="Review"
              note={
                task.review_mode === 'autoreview'
                  ? task.autoreview_prompt?.trim()
                    ? 'An AI check verifies this before approving:'
                    : 'No prompt: every submission is approved automatically.'
                  : 'You review each submission.'
              }
            >
              {REVIEW_MODE_LABELS[task.review_mode]}
            </Fact>
            {task.review_mode === 'autoreview' && task.autoreview_prompt?.trim() ? (
              <Fact term="Autoreview prompt" className="sm:col-span-2">
                <Prose text={task.autoreview_prompt} />
              </Fact>
            ) : null}
            <Fact term="Posts per creator">
              {task.max_posts_per_creator === null
                ? 'Unlimited'
                : `At most ${formatNumber(task.max_posts_per_creator)}`}
            </Fact>
          </dl>
          <RemoteImage
            src={task.image_url}
            alt={`Cover image of ${task.title}`}
            className="h-40 w-32 shrink-0 self-start rounded-md border border-gray-200 object-cover"
          />
        </div>
      </article>
    </li>
  );
}

/** The campaign's tasks (deliverables), archived ones marked and dimmed. */
export function CampaignTasks({ tasks }: { tasks: readonly Task[] }) {
  if (tasks.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 bg-white px-5 py-8 text-center text-sm text-gray-600">
        No tasks yet. A campaign needs at least one active task before it can be published, unless
        creators must be approved first.
      </p>
    );
  }
  return (
    <ol className="space-y-4">
      {sortTasks(tasks).map((task) => (
        <TaskCard key={task.id} task={task} />
      ))}
    </ol>
  );
}
