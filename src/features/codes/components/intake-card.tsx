import type { CodeGroup } from '#contract/codes';
import { Mail, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#components/ui/button';
import { ConfirmDialog } from '#components/ui/confirm-dialog';
import { CopyButton } from '#components/ui/copy-button';
import { describeError } from '#lib/api-client';
import { notify } from '#lib/notify';
import { useRotateIntake } from '../api/usage-reports';

/**
 * A group's e-mail intake address with a copy button and how to report by e-mail; with
 * codes:write, replacing the address (asked first: the old one stops working at once).
 */
export function IntakeCard({
  brandId,
  group,
  canWrite,
}: {
  brandId: string;
  group: CodeGroup;
  canWrite: boolean;
}) {
  const id = useId();
  const rotate = useRotateIntake(brandId);
  const [confirming, setConfirming] = useState(false);
  const at = group.intake_address.lastIndexOf('@');
  const local = at > 0 ? group.intake_address.slice(0, at) : group.intake_address;
  const domain = at > 0 ? group.intake_address.slice(at) : '';
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2
        id={`${id}-title`}
        className="flex items-center gap-2 text-base font-semibold text-gray-900"
      >
        <Mail aria-hidden="true" className="size-4" />
        Report usage by e-mail
      </h2>
      <p className="text-sm text-gray-700">
        Usage of {group.name} can be e-mailed to this address from any mail client.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          aria-label={`Intake address of ${group.name}`}
          className="min-w-0 rounded-md border border-gray-200 bg-gray-50 px-2 py-1.5 font-mono text-xs text-gray-900 [overflow-wrap:anywhere] sm:text-sm"
        >
          {/* On a phone the address wraps before the @, not inside the token. */}
          {local}
          <wbr />
          {domain}
        </code>
        <span className="flex flex-wrap gap-2">
          <CopyButton
            value={group.intake_address}
            label="Copy address"
            copiedMessage="Intake address copied"
          />
          {canWrite ? (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              <RefreshCw aria-hidden="true" className="size-4" />
              New address
            </Button>
          ) : null}
        </span>
      </div>
      <div className="grid gap-3 border-t border-gray-200 pt-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-6">
        <div>
          <h3 className="text-sm font-medium text-gray-900">How to report by e-mail</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-gray-700">
            <li>
              Attach one CSV file whose first line is{' '}
              <code className="rounded bg-gray-100 px-1 font-mono">code,total_uses</code>.
            </li>
            <li>
              Each total is the code&apos;s running total since the start, never lower than before.
            </li>
            <li>
              A file is applied whole or not at all, with the same rules and payouts as an upload.
              Its outcome shows under Usage reports.
            </li>
          </ul>
        </div>
        <figure className="text-sm">
          <figcaption className="text-xs font-medium text-gray-600">Example file</figcaption>
          <pre className="mt-1 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 font-mono text-xs text-gray-900">
            {'code,total_uses\nSPRING-ANNA,42\nSPRING-BEN,7'}
          </pre>
        </figure>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) rotate.reset();
        }}
        title="Replace the intake address?"
        description={`Mail to the current address of ${group.name} will be refused from now on. Give the new address to everyone who reports usage by e-mail.`}
        confirmLabel="Replace address"
        pendingLabel="Replacing…"
        pending={rotate.isPending}
        error={rotate.error ? describeError(rotate.error).description : null}
        onConfirm={() =>
          rotate.mutate(group.id, {
            onSuccess: () => {
              setConfirming(false);
              notify.success('New intake address', 'The old address no longer takes reports.');
            },
          })
        }
      />
    </section>
  );
}
