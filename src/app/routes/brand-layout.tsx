import {
  ChartLine,
  Clapperboard,
  ClipboardCheck,
  LayoutDashboard,
  Megaphone,
  TicketPercent,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Fragment } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { AppShell } from '../../components/layout/app-shell';
import { SideNav } from '../../components/layout/side-nav';
import { Toaster } from '../../components/ui/toaster';
import { brandScreens, paths, type BrandScreen } from '../../config/paths';
import { useLiveEvents } from '../../features/live/use-live-events';
import { WaitingBadge } from '../../features/review/components/waiting-badge';
import { BrandName, BrandSwitcher } from '../../features/session/components/brand-switcher';
import { SessionControls } from '../../features/session/components/session-controls';
import { useCurrentBrand, useMe } from '../../features/session/use-me';

const icons: Record<BrandScreen, LucideIcon> = {
  overview: LayoutDashboard,
  campaigns: Megaphone,
  review: ClipboardCheck,
  creators: Users,
  posts: Clapperboard,
  metrics: ChartLine,
  codes: TicketPercent,
};

/** `/brands/:brandId`: the signed-in shell around the brand's screens. */
export function BrandLayout() {
  const me = useMe();
  const brand = useCurrentBrand();
  const navigation = useNavigation();
  // One event stream for the session: screens of creator activity refresh as things change.
  useLiveEvents();
  const items = brandScreens.map((screen) => ({
    to: paths[screen.id].href(brand.id),
    label: screen.label,
    icon: icons[screen.id],
    badge: screen.id === 'review' ? <WaitingBadge key={brand.id} brandId={brand.id} /> : undefined,
  }));
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
    >
      {/* A new brand mounts its screens afresh: no state of the previous brand survives. */}
      <Fragment key={brand.id}>
        <Outlet />
      </Fragment>
      <Toaster />
    </AppShell>
  );
}
