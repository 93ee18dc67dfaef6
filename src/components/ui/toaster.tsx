import { Toaster as SonnerToaster } from 'sonner';

/**
 * The one place toasts appear (mounted by the signed-in shell); raise them through `lib/notify`.
 */
export function Toaster() {
  return <SonnerToaster position="bottom-right" closeButton theme="system" />;
}
