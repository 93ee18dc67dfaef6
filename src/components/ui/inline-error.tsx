import { describeError } from '#lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/**
 * A failed load inside a screen (the screen's header and title stay): what went wrong and a
 * retry. Route-level failures use the route error boundary instead.
 */
export function InlineError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { title, description } = describeError(error);
  return (
    <Alert tone="error" title={title}>
      <p>{description}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
