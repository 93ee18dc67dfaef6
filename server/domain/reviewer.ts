// The service's own reviewer of submissions to autoreview tasks with a prompt (extensions
// section 5). A real one (an AI check against the prompt) plugs in through AppDeps.reviewer; the
// default decides nothing, so the submission waits in review for the buyer.

export interface ReviewInput {
  campaignId: string;
  taskId: string;
  prompt: string;
  mediaType: 'video' | 'carousel';
  mediaUrl: string | null;
}

/** approved, rejected with feedback, or null: no decision (the buyer reviews). */
export type ReviewDecision = { decision: 'approved' } | { decision: 'rejected'; feedback: string } | null;

export interface Reviewer {
  review(input: ReviewInput): Promise<ReviewDecision>;
}

export const leaveForBuyer: Reviewer = {
  review: () => Promise.resolve(null),
};
