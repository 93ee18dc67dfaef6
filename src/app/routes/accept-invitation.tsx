import { useQueryClient } from '@tanstack/react-query';
import type { Session } from '#contract/people';
import { useNavigate } from 'react-router';
import { CenteredPage } from '#components/layout/centered-page';
import { paths } from '#config/paths';
import { fetchMe, sessionKeys } from '#features/session/api/me';
import { saveSession } from '#features/session/session-storage';
import { AcceptInvitationScreen } from '#features/settings/components/accept-invitation-screen';

/**
 * `/accept-invitation#token=…`: joining signs the person in, and the session is kept exactly as
 * a sign-in keeps it (this tab only; decision 0058), then their brand opens.
 */
export function AcceptInvitationRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onAccepted = async (session: Session) => {
    const baseUrl = null;
    const me = await fetchMe({ credentials: { apiKey: session.token, baseUrl } });
    saveSession({ apiKey: session.token, baseUrl, remember: false });
    // A new person: nothing cached for a previous one may survive.
    queryClient.clear();
    queryClient.setQueryData(sessionKeys.me(), me);
    const first = me.brands[0];
    await navigate(first ? paths.campaigns.href(first.id) : paths.home.href(), { replace: true });
  };
  return (
    <CenteredPage>
      <AcceptInvitationScreen onAccepted={onAccepted} />
    </CenteredPage>
  );
}
