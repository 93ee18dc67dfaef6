import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { BuilderOutput, BuilderValues } from './builder-form';
import type { BuilderContext } from './builder-resolver';
import { clearDraft, writeDraft } from './draft-storage';
import { sameValue } from './same-value';

/** How long typing must pause before the draft is written. */
export const AUTOSAVE_DELAY_MS = 500;

/**
 * Writes the builder's values to localStorage a moment after each change. Values equal to the
 * clean state are not a draft: the stored one is removed instead.
 */
export class DraftAutosave {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly storageKey: string,
    private readonly clean: BuilderValues,
    private readonly read: () => { values: BuilderValues; idempotencyKey?: string | undefined },
  ) {}

  schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.saveNow(), AUTOSAVE_DELAY_MS);
  }

  saveNow(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    const { values, idempotencyKey } = this.read();
    if (sameValue(values, this.clean)) {
      clearDraft(this.storageKey);
      return;
    }
    writeDraft(this.storageKey, { savedAt: new Date().toISOString(), values, idempotencyKey });
  }

  /** Writes a pending change now (the page is going away). */
  flush(): void {
    if (this.timer !== undefined) this.saveNow();
  }

  /** Drops the pending change and the stored draft (Discard). */
  discard(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    clearDraft(this.storageKey);
  }

  /** Saved to the service: the draft is removed and nothing is written again. */
  stop(): void {
    this.discard();
    this.stopped = true;
  }
}

/**
 * Keeps the form's values in localStorage while the builder is open: on each change (debounced),
 * and at once when the page is hidden or the builder closes.
 */
export function useDraftAutosave(
  form: UseFormReturn<BuilderValues, BuilderContext, BuilderOutput>,
  storageKey: string,
  clean: BuilderValues,
  idempotencyKey: () => string | undefined,
): DraftAutosave {
  const { subscribe, getValues } = form;
  const [autosave] = useState(
    () =>
      new DraftAutosave(storageKey, clean, () => ({
        values: getValues(),
        idempotencyKey: idempotencyKey(),
      })),
  );
  useEffect(() => {
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: () => autosave.schedule(),
    });
    const flush = () => autosave.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [subscribe, autosave]);
  return autosave;
}
