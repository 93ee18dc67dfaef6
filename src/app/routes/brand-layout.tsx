import {
  ChartLine,
  Clapperboard,
  ClipboardCheck,
  History,
  LayoutDashboard,
  Megaphone,
  Settings,
  TicketPercent,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { AppShell } from '#components/layout/app-shell';
import { ScreenSkeleton } from '#components/layout/screen-skeleton';
import { itemAt, SideNav } from '#components/layout/side-nav';
import { Toaster } from '#components/ui/toaster';
import { brandScreens, paths, type BrandScreen } from '#config/paths';
import { useLiveEvents } from '#features/live/use-live-events';
import { liveInvalidations } from '../live-invalidations';
import { WaitingBadge } from '#features/review/components/waiting-badge';
import { BrandName, BrandSwitcher } from '#features/session/components/brand-switcher';
import { SessionControls } from '#features/session/components/session-controls';
import { sessionKeys } from '#features/session/api/me';
import { useCurrentBrand, useMe } from '#features/session/use-me';
import { canOpenSettings } from '#features/settings/access';
import { useDelayedFlag } from '#lib/use-delayed-flag';

const icons: Record<BrandScreen, LucideIcon> = {
  overview: LayoutDashboard,
  campaigns: Megaphone,
  review: ClipboardCheck,
  creators: Users,
  posts: Clapperboard,
  metrics: ChartLine,
  codes: TicketPercent,
  payouts: Wallet,
  activity: History,
  settings: Settings,
};

/**
 * Reads /me again when the event stream reconnects after a cut: the service closes a member's
 * streams when their role changes (docs/api.md#keys-act-within-their-makers-role), so the
 * controls of the new role appear without signing in again.
 */
function useMeAgainOnReconnect(connected: boolean) {
  const queryClient = useQueryClient();
  const wasConnected = useRef(false);
  useEffect(() => {
    if (connected && wasConnected.current === false) {
      // The first connection: /me is fresh from the route's loader.
      wasConnected.current = true;
      return;
    }
    if (connected) void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
  }, [connected, queryClient]);
}

/** `/brands/:brandId`: the signed-in shell around the brand's screens. */
export function BrandLayout() {
  const me = useMe();
  const brand = useCurrentBrand();
  const navigation = useNavigation();
  const location = useLocation();
  // One event stream for the session: screens of creator activity refresh as things change.
  const { connected } = useLiveEvents(liveInvalidations);
  useMeAgainOnReconnect(connected);
  // Settings only for those who manage members or keys; others do not see the entry.
  const screens = brandScreens.filter(
    (screen) => screen.id !== 'settings' || canOpenSettings(me.key.scopes),
  );
  const items = screens.map((screen) => ({
    to: paths[screen.id].href(brand.id),
    label: screen.label,
    phoneLabel: 'phoneLabel' in screen ? screen.phoneLabel : undefined,
    icon: icons[screen.id],
    badge:
      screen.id === 'review' ? (
        <WaitingBadge key={brand.id} brandId={brand.id} side={me.key.kind} />
      ) : undefined,
  }));
  // Opening another screen (not a filter change on this one): after a moment without an answer,
  // the destination's skeleton replaces the old screen, which would otherwise look current.
  const opening =
    navigation.state === 'loading' && navigation.location.pathname !== location.pathname
      ? itemAt(items, navigation.location.pathname)
      : undefined;
  const slow = useDelayedFlag(opening !== undefined, 300);
  return (
    <AppShell
      brand={
        me.key.kind === 'agency' ? (
          <BrandSwitcher brands={me.brands} currentBrandId={brand.id} />
        ) : (
          <BrandName name={brand.name} />
        )
      }
      session={<SessionControls me={me} />}
      navigation={<SideNav items={items} />}
      busy={navigation.state === 'loading'}
      placeholder={slow && opening ? <ScreenSkeleton title={opening.label} /> : undefined}
    >
      {/* A new brand mounts its screens afresh: no state of the previous brand survives. */}
      <Fragment key={brand.id}>
        <Outlet />
      </Fragment>
      <Toaster />
    </AppShell>
  );
}
