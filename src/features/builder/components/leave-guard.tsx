import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '#components/ui/button';
import { Dialog, DialogContent } from '#components/ui/dialog';
import { paths } from '#config/paths';
import { CAMPAIGN_TOAST_ID, notify } from '#lib/notify';

/** The id of the "saved" toast: it is taken away as soon as there is new unsaved work. */
export const SAVED_TOAST_ID = CAMPAIGN_TOAST_ID;

/**
 * Asks before leaving the builder with unsaved work. `allow()` lets the next navigation through
 * (after a save). A "saved" toast still on screen is dismissed once there is unsaved work again,
 * so it never sits beside "Your changes are not saved".
 */
export function useLeaveGuard(unsaved: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowed.current &&
      unsaved &&
      currentLocation.pathname !== nextLocation.pathname &&
      // A refused key signs out: nothing to ask, the draft is kept on this device.
      nextLocation.pathname !== paths.signIn.path,
  );
  useEffect(() => {
    if (unsaved) notify.dismiss(SAVED_TOAST_ID);
  }, [unsaved]);

  const dialog = (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <DialogContent
        title="Leave the builder?"
        description="Your changes are not saved to the service yet. They stay on this device and come back when you open this builder again."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            Stay
          </Button>
          <Button onClick={() => blocker.proceed?.()}>Leave</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
  return {
    allow: () => {
      allowed.current = true;
    },
    dialog,
  };
}
