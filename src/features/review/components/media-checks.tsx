import { CHECK_LABELS, CheckName, mediaKindInWords, type MediaCheck } from '#contract/media-checks';
import type { Side } from '#contract/me';
import type { Submission } from '#contract/submissions';
import { Badge } from '#components/ui/badge';
import { formatDateTime } from '#lib/format';

const OUTCOME = {
  pass: { tone: 'green', label: 'Pass' },
  warn: { tone: 'amber', label: 'Warning' },
  fail: { tone: 'red', label: 'Fail' },
} as const;

/** Checks that are not a pass: what the reviewer should look at. */
export const flaggedChecks = (s: Submission): MediaCheck[] =>
  (s.checks ?? []).filter((c) => c.outcome !== 'pass');

/** The submission is still being inspected: it cannot be decided yet. */
export const isInspecting = (s: Submission) => s.status === 'in_review' && s.checks === null;

function facts(s: Submission): string | null {
  const m = s.media;
  if (!m) return null;
  const parts = [mediaKindInWords(m.content_type)];
  if (m.width && m.height) parts.push(`${m.width}×${m.height}`);
  if (m.duration_s !== null) parts.push(`${m.duration_s} s`);
  parts.push(`${Math.max(1, Math.round(m.size_bytes / 1024))} KB`);
  return parts.join(' · ');
}

/** What inspection found (media facts and each check), or that it is still running. */
export function MediaChecks({ submission }: { submission: Submission }) {
  if (isInspecting(submission)) {
    return (
      <p
        role="status"
        className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950"
      >
        Inspecting the media… It can be decided once the checks are in.
      </p>
    );
  }
  const checks = submission.checks ?? [];
  const found = facts(submission);
  if (checks.length === 0 && !found)
    return <p className="text-sm text-gray-600">No media checks.</p>;
  return (
    <div className="space-y-2 text-sm">
      {found ? <p className="text-gray-700">{found}</p> : null}
      <ul className="space-y-1.5">
        {checks.map((c) => (
          <li key={c.name} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <Badge tone={OUTCOME[c.outcome].tone}>{OUTCOME[c.outcome].label}</Badge>
            <span className="font-medium text-gray-900">{CHECK_LABELS[c.name]}</span>
            <span className="min-w-0 break-words text-gray-700">{c.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** " (Maya Chen, reviewer)" for a member, " (key cck_AbCd…)" for a key: who approved for the agency. */
function agencyApprover(by: string | null): string {
  if (!by) return '';
  if (/^cc[a-z]_\w+$/.test(by)) return ` (key ${by}…)`;
  const member = /^(.*) \((\w+)\)$/.exec(by);
  return member ? ` (${member[1]}, ${member[2]})` : ` (${by})`;
}

/**
 * Where a submission stands in the brand's sign-off, when the campaign has one, said to the side
 * looking at it (`side`).
 */
export function SignOffNote({
  submission,
  side = 'agency',
}: {
  submission: Submission;
  side?: Side;
}) {
  if (submission.awaiting === 'brand') {
    return (
      <p className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950">
        <span className="font-medium">Waiting for the brand’s sign-off.</span> Approved by the
        agency{agencyApprover(submission.agency_approved_by)}
        {submission.agency_approved_at
          ? ` on ${formatDateTime(submission.agency_approved_at)}`
          : ''}
        .
      </p>
    );
  }
  if (submission.awaiting === 'agency' && side === 'brand') {
    return (
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <span className="font-medium">Waiting for your agency’s review.</span> You sign off after
        it. Deciding now skips your agency’s review.
      </p>
    );
  }
  if (submission.awaiting === 'agency') {
    return (
      <p className="text-sm text-gray-700">
        Waiting for the agency’s review; the brand signs off after it.
      </p>
    );
  }
  return null;
}

/**
 * A `failure_reason` in words: the service writes `check: what was found` ("duration: 212 s,
 * TikTok story allows 60 s"); that reads "Duration check failed: 212 s, TikTok story allows 60 s".
 * A reason that names no check (the platform's own) is shown as written.
 */
export function failureInWords(reason: string | null): string {
  if (!reason) return 'The media could not be processed (no reason was given).';
  const named = /^(\w+): ([\s\S]*)$/.exec(reason);
  const check = named ? CheckName.safeParse(named[1]).data : undefined;
  if (!check || !named) return reason;
  return `${CHECK_LABELS[check]} check failed: ${named[2]}`;
}
