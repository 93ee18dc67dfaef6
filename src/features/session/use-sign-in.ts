import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '#contract/me';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { FormProblem } from '#components/auth/auth-card';
import { paths, safeNextPath } from '#config/paths';
import { sessionKeys } from './api/me';
import { saveSession } from './session-storage';

/**
 * What both sign-in forms (e-mail and password, API key) share: the problem to show, whether the
 * last credential expired (`?reason=expired`), and the end of a sign-in that worked: the
 * credential is kept, nothing cached for a previous one survives, and the page the user came for
 * (`?next=`) or the first brand opens.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [problem, setProblem] = useState<FormProblem | null>(null);

  const signedIn = async (
    credential: { apiKey: string; baseUrl: string | null; remember: boolean },
    me: Me,
  ) => {
    saveSession(credential);
    queryClient.clear();
    queryClient.setQueryData(sessionKeys.me(), me);
    await navigate(safeNextPath(searchParams.get('next')) ?? paths.home.href(), {
      replace: true,
    });
  };

  return { problem, setProblem, expired: searchParams.get('reason') === 'expired', signedIn };
}
