import { describe, expect, it } from 'vitest';
import * as enums from './enums.ts';

describe('labels', () => {
  it('give every value of each enumeration a non-empty label', () => {
    const pairs: [readonly string[], Record<string, string>][] = [
      [enums.Visibility.options, enums.VISIBILITY_LABELS],
      [enums.CampaignStatus.options, enums.CAMPAIGN_STATUS_LABELS],
      [enums.CampaignStatusDetailKind.options, enums.STATUS_DETAIL_KIND_LABELS],
      [enums.AutoPauseReason.options, enums.AUTO_PAUSE_REASON_LABELS],
      [enums.CompletionMode.options, enums.COMPLETION_MODE_LABELS],
      [enums.CompletionMode.options, enums.COMPLETION_MODE_DESCRIPTIONS],
      [enums.PostApprovalMode.options, enums.POST_APPROVAL_MODE_LABELS],
      [enums.PostApprovalMode.options, enums.POST_APPROVAL_MODE_DESCRIPTIONS],
      [enums.Platform.options, enums.PLATFORM_LABELS],
      [enums.Format.options, enums.FORMAT_LABELS],
      [enums.ReviewMode.options, enums.REVIEW_MODE_LABELS],
      [enums.TaskStatus.options, enums.TASK_STATUS_LABELS],
      [enums.SubmissionStatus.options, enums.SUBMISSION_STATUS_LABELS],
      [enums.MediaType.options, enums.MEDIA_TYPE_LABELS],
      [enums.PostStatus.options, enums.POST_STATUS_LABELS],
      [enums.CreatorStatus.options, enums.CREATOR_STATUS_LABELS],
      [enums.GroupBy.options, enums.GROUP_BY_LABELS],
    ];
    for (const [values, labels] of pairs) {
      expect(Object.keys(labels).sort()).toEqual([...values].sort());
      for (const label of Object.values(labels)) expect(label.trim()).not.toBe('');
    }
  });
});
