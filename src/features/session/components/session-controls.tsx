import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '#contract/me';
import { ROLE_LABELS } from '#contract/people';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#components/ui/button';
import { ConfirmDialog } from '#components/ui/confirm-dialog';
import { signOut } from '../sign-out';

/** Who is signed in (a member's name and role, or agency and key prefix) and the way out. */
export function SessionControls({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Asked first: the button sits right after the brand box in the Tab order, and one stray Space
  // would otherwise end the session (drafts kept on this device stay).
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <div className="flex items-center gap-3">
      <p className="hidden text-right text-xs leading-tight text-gray-600 md:block">
        {me.agency ? (
          <span className="block font-medium text-gray-800">{me.agency.name}</span>
        ) : null}
        {me.member ? (
          <>
            <span className="block font-medium text-gray-800">{me.member.name}</span>
            <span className="block">{ROLE_LABELS[me.member.role]}</span>
          </>
        ) : (
          <span className="block">
            {me.key.kind === 'agency' ? 'Agency key' : 'Brand key'}{' '}
            <code className="font-mono text-gray-800">{me.key.prefix}…</code>
          </span>
        )}
      </p>
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
        <LogOut aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">Sign out</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Sign out?"
        description={
          me.member
            ? `You will need your e-mail and password to sign in again as ${me.member.name}.`
            : 'You will need the API key to sign in again.'
        }
        confirmLabel="Sign out"
        pendingLabel="Signing out…"
        tone="primary"
        pending={pending}
        onConfirm={() => {
          setPending(true);
          void signOut({ queryClient, navigate });
        }}
      />
    </div>
  );
}
