import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Writes the URL's search params. Each write starts from the previous write, even while the
 * navigation it started is still running its loaders: two quick changes (two chips, or the two
 * ends of a date range) both land, where `setSearchParams` would start the second from the URL
 * the first has not reached yet.
 */
export function useSearchWriter() {
  const location = useLocation();
  const navigate = useNavigate();
  const committed = useRef(location.search);
  const intended = useRef<string | null>(null);

  useEffect(() => {
    committed.current = location.search;
    intended.current = null;
  }, [location.search]);

  return useCallback(
    (change: (params: URLSearchParams) => void, replace = false) => {
      const next = new URLSearchParams(intended.current ?? committed.current);
      change(next);
      const search = next.toString();
      intended.current = search ? `?${search}` : '';
      void navigate({ search: intended.current }, { replace, preventScrollReset: true });
    },
    [navigate],
  );
}
