import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Spinner } from '#components/ui/spinner';

/**
 * The end of a Settings dialog's form: what went wrong (and that nothing was done), Cancel, and
 * the action, which says what it is doing while it runs.
 */
export function DialogFormEnd({
  problem,
  nothingDone,
  pending,
  onCancel,
  action,
  pendingAction,
}: {
  problem: { title: string; description: string } | null;
  /** "No key was created." */
  nothingDone: string;
  pending: boolean;
  onCancel: () => void;
  action: string;
  /** "Creating…" */
  pendingAction: string;
}) {
  return (
    <>
      {problem ? (
        <Alert tone="error" title={problem.title}>
          {problem.description} {nothingDone}
        </Alert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner className="size-4" /> : null}
          {pending ? pendingAction : action}
        </Button>
      </div>
    </>
  );
}
