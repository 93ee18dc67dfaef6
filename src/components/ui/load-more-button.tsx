import { Button } from './button';

/** The next page of an infinite list, asked for by the person; shown only while there is one. */
export function LoadMoreButton({
  list,
  label,
}: {
  list: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  /** What the button says, e.g. "Load more posts". */
  label: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      disabled={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? 'Loading…' : label}
    </Button>
  );
}
