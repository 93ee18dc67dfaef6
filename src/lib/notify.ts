import type { ReactNode } from 'react';
import { describeError } from './api-client';

// sonner is loaded on the first toast, so the key screen's bundle does not carry it.
const loadToast = () => import('sonner').then((module) => module.toast);

/**
 * The toast of a campaign's latest save or change of status: each replaces the one before, so
 * "Draft saved" never lingers beside "Submitted for approval".
 */
export const CAMPAIGN_TOAST_ID = 'campaign-saved';

/**
 * The one toast path. Components and the query client call these, never `toast` directly, so
 * wording and durations stay the same everywhere. Toasts appear in the `<Toaster />` of the
 * signed-in shell.
 */
export const notify = {
  /** `id` lets a later `dismiss(id)` take the toast away once it no longer holds. */
  success: (title: string, description?: string, id?: string) => {
    void loadToast().then((toast) => toast.success(title, { description, id }));
  },
  dismiss: (id: string) => {
    void loadToast().then((toast) => toast.dismiss(id));
  },
  /**
   * Something that happened elsewhere and matters (a campaign went live, or was not approved):
   * stays longer than a confirmation, and a warning longer still, so its reason can be read.
   * `description` may hold a link.
   */
  outcome: (tone: 'success' | 'warning', title: string, description: ReactNode, id?: string) => {
    void loadToast().then((toast) =>
      (tone === 'success' ? toast.success : toast.warning)(title, {
        description,
        id,
        duration: tone === 'success' ? 10_000 : 20_000,
      }),
    );
  },
  info: (title: string, description?: string) => {
    void loadToast().then((toast) => toast(title, { description }));
  },
  error: (title: string, description?: string) => {
    void loadToast().then((toast) => toast.error(title, { description, duration: 8000 }));
  },
  /** Shows what went wrong with an action; `title` replaces the generic heading. */
  apiError: (error: unknown, title?: string) => {
    const described = describeError(error);
    notify.error(title ?? described.title, described.description);
  },
};
