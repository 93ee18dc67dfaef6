import type { UseQueryResult } from '@tanstack/react-query';
import type { TargetingProperty } from '#contract/targeting';
import { RotateCw } from 'lucide-react';
import { Controller, useFormContext } from 'react-hook-form';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { LoadingState } from '#components/ui/spinner';
import { describeError } from '#lib/api-client';
import { useTargetingValues } from '#components/targeting/api/targeting-queries';
import { TargetingEditor } from '#components/targeting/components/targeting-editor';
import { validateTargeting, type TargetingIssue } from '#components/targeting/validate-targeting';
import type { BuilderValues } from '../builder-form';
import { useFieldError } from '../use-field-error';

/** Step 5: who can join, as a rule over creator properties (or open to all). */
export function TargetingStep({
  properties,
  lockReason,
  serverIssues,
  onEdit,
}: {
  properties: UseQueryResult<TargetingProperty[]>;
  lockReason: string | null;
  /** Problems the service named in the rule (a 422 on `targeting.…`). */
  serverIssues: readonly TargetingIssue[];
  onEdit: () => void;
}) {
  const { control } = useFormContext<BuilderValues>();
  const error = useFieldError('targeting');

  if (properties.isPending) return <LoadingState label="Loading the targeting properties…" />;
  if (properties.isError) {
    return (
      <Alert tone="error" title="The targeting properties could not be loaded">
        <p>{describeError(properties.error).description}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => void properties.refetch()}
          disabled={properties.isFetching}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </Alert>
    );
  }

  return (
    <Controller
      control={control}
      name="targeting"
      render={({ field }) => {
        const value = field.value ?? null;
        // Problems show once a check found some (on leaving the step, or saving), then follow edits.
        const issues = error
          ? [...validateTargeting(value, properties.data), ...serverIssues]
          : serverIssues;
        return (
          <>
            {value === null && serverIssues.length > 0 ? (
              // The editor shows problems beside the rule's rows; open to all has none.
              <Alert tone="error" title="The service refused the targeting">
                <ul>
                  {serverIssues.map((issue) => (
                    <li key={`${issue.path}:${issue.message}`}>{issue.message}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            <TargetingEditor
              ref={field.ref}
              value={value}
              onChange={(next) => {
                field.onChange(next);
                onEdit();
              }}
              onBlur={field.onBlur}
              properties={properties.data}
              useValues={useTargetingValues}
              disabled={lockReason !== null}
              disabledReason={lockReason ?? undefined}
              errors={issues}
              legend="Who can join"
            />
          </>
        );
      }}
    />
  );
}
