import type { MediaFacts } from '#contract/media-checks';

// The service's own reviewer of submissions to autoreview tasks with a prompt (extensions
// docs/api.md#the-platform-side-ops, docs/review-bar.md#inspection). The OpenAI-compatible one (domain/autoreview.ts) plugs in through
// AppDeps.reviewer when AUTOREVIEW_URL is set; the default decides nothing, so the submission
// waits in review for the buyer.

export interface ReviewInput {
  campaignId: string;
  taskId: string;
  prompt: string;
  mediaType: 'video' | 'carousel';
  mediaUrl: string | null;
  /** What the task asks for, when known. */
  requirements?: { title: string; instructions: string; platforms: string[]; formats: string[] };
  /** What inspection found, when it ran. */
  media?: MediaFacts | null;
}

/** approved, rejected with feedback, or no decision (the buyer reviews; `reason` says why). */
export type ReviewDecision =
  | { decision: 'approved'; reason?: string }
  | { decision: 'rejected'; feedback: string }
  | { decision: 'left_for_buyer'; reason: string }
  | null;

export interface Reviewer {
  review(input: ReviewInput): Promise<ReviewDecision>;
}

export const leaveForBuyer: Reviewer = {
  review: () =>
    Promise.resolve({
      decision: 'left_for_buyer',
      reason: 'automatic review is not set up on this platform',
    }),
};
