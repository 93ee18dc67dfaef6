import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CenteredPage } from '#components/layout/centered-page';
import { documentTitle } from '#components/layout/screen-header';
import { Button } from '#components/ui/button';
import { signOut } from '#features/session/sign-out';

/** `/` renders only for a key that acts for no brand (otherwise its loader redirects). */
export function HomeRoute() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <CenteredPage>
      <div className="max-w-md rounded-lg border border-gray-200 bg-white p-8 text-center shadow-sm">
        <title>{documentTitle('No brands')}</title>
        <h1 className="text-xl font-semibold text-gray-900">This key acts for no brand</h1>
        <p className="mt-2 text-sm text-gray-600">
          The key is valid, but no brand is assigned to it, so there is nothing to show. Ask for a
          brand to be added to your agency, or sign in with another key.
        </p>
        <Button className="mt-6" onClick={() => void signOut({ queryClient, navigate })}>
          Sign in with another key
        </Button>
      </div>
    </CenteredPage>
  );
}
