import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { configureApiClient } from '../../../lib/api-client';
import { makeCampaign, makeTask } from '../../campaigns/test/fixtures';
import { activityService, makeSubmission } from '../../../test/activity-service';
import { renderApp } from '../../../test/campaign-service';
import { GLOW_LAB } from '../../../test/http';
import { review } from '../use-decisions';

configure({ asyncUtilTimeout: 3000 });

const task = makeTask(1, { title: 'Unboxing' });
const spring = makeCampaign(1, { name: 'Spring launch', tasks: [task] });

beforeEach(() => {
  review.undoWindowMs = 50;
});
afterEach(() => {
  review.undoWindowMs = 4000;
  configureApiClient({ credentials: () => null });
});

const region = () => screen.getByRole('region', { name: 'Current submission' });

describe('review queue media', () => {
  it('keeps the next item’s media loading, hidden, and shows that same element after a decision', async () => {
    activityService({
      campaigns: [spring],
      submissions: {
        [spring.id]: [
          makeSubmission(1, task.id),
          makeSubmission(2, task.id),
          makeSubmission(3, task.id, {
            media_type: 'carousel',
            media_url: 'https://cdn.example.com/3.jpg',
          }),
        ],
      },
    });
    const user = userEvent.setup();
    renderApp(paths.review.href(GLOW_LAB.id));
    await screen.findByText('3 submissions waiting');
    expect(region()).toHaveAttribute('data-submission-id', makeSubmission(1, task.id).id);
    const next = within(region()).getByLabelText('Video by creator2');
    expect(next).toHaveAttribute('preload', 'auto');
    expect(next.closest('[hidden]')).not.toBeNull();
    expect(within(region()).getByLabelText('Video by creator1').closest('[hidden]')).toBeNull();

    await user.keyboard('a');

    expect(region()).toHaveAttribute('data-submission-id', makeSubmission(2, task.id).id);
    // The very element that was loading is now the one shown.
    expect(within(region()).getByLabelText('Video by creator2')).toBe(next);
    expect(next.closest('[hidden]')).toBeNull();
    expect(
      within(region()).getByAltText('Carousel by creator3 (first image)').closest('[hidden]'),
    ).not.toBeNull();
  });
});
