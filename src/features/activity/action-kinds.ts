import type { SelectFilterSpec } from '#lib/list-filters';

/**
 * The Activity screen's "What" filter: a kind of target (`submission.*`, every change of a
 * submission) or one action, by the group it belongs to.
 */
export const ACTION_FILTER: SelectFilterSpec = {
  label: 'What',
  anyLabel: 'Every change',
  choices: [
    {
      group: 'Submissions',
      options: [
        { value: 'submission.*', label: 'Any submission change' },
        { value: 'submission.approved', label: 'Submission approved' },
        { value: 'submission.rejected', label: 'Changes requested' },
        { value: 'submission.agency_approved', label: 'Approved for the brand’s sign-off' },
      ],
    },
    {
      group: 'Creators',
      options: [
        { value: 'creator.*', label: 'Any application change' },
        { value: 'creator.approved', label: 'Application approved' },
        { value: 'creator.rejected', label: 'Application declined' },
      ],
    },
    {
      group: 'Campaigns',
      options: [
        { value: 'campaign.*', label: 'Any campaign change' },
        { value: 'campaign.created', label: 'Campaign created' },
        { value: 'campaign.updated', label: 'Campaign edited' },
        { value: 'campaign.publish_requested', label: 'Campaign sent for approval' },
        { value: 'campaign.paused', label: 'Campaign paused' },
        { value: 'campaign.resumed', label: 'Campaign resumed' },
        { value: 'task.*', label: 'Any task change' },
      ],
    },
    {
      group: 'Codes',
      options: [
        { value: 'code.*', label: 'Any code change' },
        { value: 'code.created', label: 'Code added' },
        { value: 'code.updated', label: 'Usage reported' },
        { value: 'code.assigned', label: 'Code assigned' },
      ],
    },
    {
      group: 'People and keys',
      options: [
        { value: 'member.*', label: 'Any member change' },
        { value: 'invitation.created', label: 'Member invited' },
        { value: 'key.*', label: 'Any API key change' },
        { value: 'session.created', label: 'Signed in' },
      ],
    },
  ],
};
