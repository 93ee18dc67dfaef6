import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Chooses the campaign called `name` in the screen's campaign picker as a person does: opens it,
 * types the name (a search on the service) and clicks the campaign in the list.
 */
export async function chooseCampaign(user: UserEvent, name: string, label = 'Campaign') {
  const picker = screen.getByRole('combobox', { name: label });
  await user.click(picker);
  await user.keyboard(name);
  const list = screen.getByRole('listbox', { name: label });
  await user.click(
    await within(list).findByRole('option', { name: new RegExp(`^${escapeRegExp(name)}\\b`) }),
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
