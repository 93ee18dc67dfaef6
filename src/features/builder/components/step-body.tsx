import type { UseQueryResult } from '@tanstack/react-query';
import type { LockArea } from '#contract/campaign-rules';
import type { TargetingProperty } from '#contract/targeting';
import { Lock } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { TargetingIssue } from '#components/targeting/validate-targeting';
import type { BuilderSession } from '../builder-session';
import type { StepId } from '../builder-steps';
import { BasicsStep } from './basics-step';
import { DeadlinesStep } from './deadlines-step';
import { ReviewStep } from './review-step';
import { SettingsStep } from './settings-step';
import { TargetingStep } from './targeting-step';
import { TasksStep } from './tasks-step';

const STEP_AREA: Record<StepId, LockArea | null> = {
  basics: 'content',
  tasks: 'tasks',
  settings: 'settings',
  deadlines: 'deadlines',
  targeting: 'targeting',
  review: null,
};

export const STEP_INTROS: Record<StepId, string> = {
  basics: 'What the campaign is, who can find it and what it promotes.',
  tasks: 'What each creator makes and posts. Drafts may have no tasks yet.',
  settings: 'Who approves what, and which tasks a creator must complete.',
  deadlines: 'When content is due for review, and when approved content must be posted.',
  targeting: 'Which creators can join.',
  review: 'Everything at a glance before you save.',
};

function LockedArea({ reason, children }: { reason: string | null; children: ReactNode }) {
  const id = useId();
  if (!reason) return <div className="space-y-6">{children}</div>;
  return (
    <div className="space-y-4">
      <p
        id={id}
        className="flex items-start gap-2 rounded-md bg-gray-100 p-3 text-sm text-gray-800"
      >
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{reason}</span>
      </p>
      <fieldset disabled aria-describedby={id} className="min-w-0 space-y-6">
        {children}
      </fieldset>
    </div>
  );
}

/** The open step's fields, inside a disabled fieldset (with the reason) when its area is locked. */
export function StepBody({
  step,
  mode,
  session: { locks, brands, archivedCount },
  hasInviteCode,
  properties,
  targetingIssues,
  onTargetingEdit,
  onEdit,
  onFix,
}: {
  step: StepId;
  mode: 'create' | 'edit';
  session: Pick<BuilderSession, 'locks' | 'brands' | 'archivedCount'>;
  hasInviteCode: boolean;
  properties: UseQueryResult<TargetingProperty[]>;
  targetingIssues: readonly TargetingIssue[];
  onTargetingEdit: () => void;
  onEdit: (step: StepId) => void;
  onFix: (path: string) => void;
}) {
  const area = STEP_AREA[step];
  const lockReason = area ? locks.reasons[area] : null;
  switch (step) {
    case 'basics':
      return (
        <LockedArea reason={lockReason}>
          <BasicsStep brands={brands} hasInviteCode={hasInviteCode} />
        </LockedArea>
      );
    case 'tasks':
      return (
        <LockedArea reason={lockReason}>
          <TasksStep mode={mode} archivedCount={archivedCount} />
        </LockedArea>
      );
    case 'settings':
      return (
        <LockedArea reason={lockReason}>
          <SettingsStep />
        </LockedArea>
      );
    case 'deadlines':
      return (
        <LockedArea reason={lockReason}>
          <DeadlinesStep earliest={locks.reasons.deadlines ? null : locks.earliestDeadline} />
        </LockedArea>
      );
    case 'targeting':
      return (
        <TargetingStep
          properties={properties}
          lockReason={lockReason}
          serverIssues={targetingIssues}
          onEdit={onTargetingEdit}
        />
      );
    case 'review':
      return (
        <ReviewStep
          brands={brands}
          properties={properties.data ?? []}
          onEdit={onEdit}
          onFix={onFix}
        />
      );
  }
}
