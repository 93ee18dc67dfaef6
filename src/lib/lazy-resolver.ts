import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver loaded on the form's first validation (once), so that a screen can show
 * its form without first loading zod and the schema (decision 0075).
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput extends FieldValues>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): Resolver<TInput, TContext, TOutput> {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  return async (values, context, options) => {
    loading ??= load();
    const resolver = await loading;
    return resolver(values, context, options);
  };
}

/** `useForm` with a resolver loaded on the first validation (see `lazyResolver`). */
export function useLazyResolverForm<TInput extends FieldValues, TOutput extends FieldValues>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
  defaultValues: DefaultValues<TInput>,
) {
  const [resolver] = useState(() => lazyResolver(load));
  return useForm<TInput, unknown, TOutput>({ resolver, defaultValues });
}
