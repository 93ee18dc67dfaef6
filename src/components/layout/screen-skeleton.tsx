import { SkeletonBlock } from '../ui/skeleton';

/**
 * What a screen looks like while it opens on a slow network: its title (known from the link that
 * was followed) and the usual shapes of a screen, with a status naming what is loading.
 */
export function ScreenSkeleton({ title }: { title: string }) {
  return (
    <div data-testid="screen-skeleton">
      <p className="text-2xl font-semibold tracking-tight text-gray-400" aria-hidden="true">
        {title}
      </p>
      <p role="status" className="sr-only">
        Opening {title}…
      </p>
      <SkeletonBlock className="mt-3 h-4 w-full max-w-md" />
      <SkeletonBlock className="mt-8 h-10 w-full max-w-lg" />
      <div className="mt-6 space-y-3">
        <SkeletonBlock className="h-12 w-full" />
        <SkeletonBlock className="h-12 w-full" />
        <SkeletonBlock className="h-12 w-full" />
        <SkeletonBlock className="h-12 w-2/3" />
      </div>
    </div>
  );
}
