import { clsx } from 'clsx';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { safeHttpUrl } from './external-link';

/**
 * An image from an address someone else gives (a campaign's icon, a product, a creator's slide):
 * only http(s) addresses are loaded, and one that fails to load (a host that does not resolve, a
 * file that is gone) leaves a tidy placeholder of the same size saying so, never a broken-image
 * icon. `className` sizes both.
 */
export function RemoteImage({
  src,
  alt,
  className,
  loading = 'lazy',
}: {
  src: string | null;
  alt: string;
  className: string;
  loading?: 'lazy' | 'eager';
}) {
  const safe = safeHttpUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  if (!safe) return null;
  if (failed === safe) {
    return (
      <span
        role="img"
        aria-label={alt ? `${alt} (could not be loaded)` : 'Image could not be loaded'}
        title="The image could not be loaded from its address"
        className={clsx(
          className,
          'inline-flex items-center justify-center bg-gray-100 text-gray-500',
        )}
      >
        <ImageOff aria-hidden="true" className="size-6 max-h-[50%] max-w-[50%]" />
      </span>
    );
  }
  return (
    <img
      src={safe}
      alt={alt}
      loading={loading}
      referrerPolicy="no-referrer"
      className={className}
      onError={() => setFailed(safe)}
    />
  );
}
