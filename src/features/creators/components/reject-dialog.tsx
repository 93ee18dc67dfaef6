import type { CampaignCreator } from '#contract/creators';
import { useId, useState } from 'react';
import { Button } from '#components/ui/button';
import { Dialog, DialogContent } from '#components/ui/dialog';
import { Label } from '#components/ui/label';
import { Textarea } from '#components/ui/textarea';
import { formatNumber } from '#lib/format';

const REASON_LIMIT = 1000;

/** Asks for an optional reason before rejecting one creator or a selection. */
export function RejectDialog({
  creators,
  onCancel,
  onReject,
  onCloseAutoFocus,
}: {
  creators: readonly CampaignCreator[] | null;
  onCancel: () => void;
  onReject: (reason: string) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const count = creators?.length ?? 0;
  const title =
    count === 1 ? `Reject @${creators?.[0]?.username}` : `Reject ${formatNumber(count)} creators`;
  return (
    <Dialog open={creators !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      {creators ? (
        <DialogContent
          title={title}
          description="The reason is optional and goes to the creator."
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <ReasonForm count={count} onCancel={onCancel} onReject={onReject} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ReasonForm({
  count,
  onCancel,
  onReject,
}: {
  count: number;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onReject(reason.trim());
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-reason`}>Reason (optional)</Label>
        <Textarea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          maxLength={REASON_LIMIT}
          aria-describedby={`${id}-count`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <p id={`${id}-count`} className="text-right text-xs text-gray-600">
          {formatNumber(reason.length)} / {formatNumber(REASON_LIMIT)} characters
        </p>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger">
          {count === 1 ? 'Reject creator' : `Reject ${formatNumber(count)} creators`}
        </Button>
      </div>
    </form>
  );
}
