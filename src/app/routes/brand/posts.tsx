import { Clapperboard } from 'lucide-react';
import { ScreenHeader } from '../../../components/layout/screen-header';
import { EmptyState } from '../../../components/ui/empty-state';
import { useCurrentBrand } from '../../../features/session/use-me';

/** `/brands/:brandId/posts` */
export function PostsScreen() {
  const brand = useCurrentBrand();
  return (
    <>
      <ScreenHeader
        title="Posts"
        context={brand.name}
        description={`Content that creators published for ${brand.name}’s campaigns, with its views, likes and engagement.`}
      />
      <EmptyState icon={Clapperboard} title="Nothing here yet">
        No posts are listed on this screen yet. This is where published content will appear, newest
        first, with its latest numbers.
      </EmptyState>
    </>
  );
}
