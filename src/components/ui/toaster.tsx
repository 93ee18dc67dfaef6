import { Toaster as SonnerToaster } from 'sonner';
import { useMediaQuery } from '#lib/use-media-query';

/**
 * The one place toasts appear (mounted by the signed-in shell); raise them through `lib/notify`.
 * They follow the device's light or dark appearance like the rest of the dashboard
 * (docs/decisions/0167-polish-dark-appearance-and-reduced-motion.md).
 */
export function Toaster() {
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  return <SonnerToaster position="bottom-right" closeButton theme={dark ? 'dark' : 'light'} />;
}
