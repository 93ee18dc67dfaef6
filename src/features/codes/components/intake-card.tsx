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
        Send a message to this address with one CSV file attached; its first line is{' '}
        <code className="rounded bg-gray-100 px-1">code,total_uses</code> and each total is the
        code&apos;s running total. A file is applied whole or not at all, with the same rules and
        payouts as an upload; the sender gets a reply listing any refused rows.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          aria-label={`Intake address of ${group.name}`}
          className="min-w-0 rounded bg-gray-100 px-2 py-1 text-sm break-all text-gray-900"
        >
          {group.intake_address}
        </code>
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
