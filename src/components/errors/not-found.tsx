import { Link } from 'react-router';
import { paths } from '#config/paths';
import { CenteredPage } from '../layout/centered-page';
import { documentTitle } from '../layout/screen-header';
import { buttonClasses } from '../ui/button';

/** Any address the app does not know. */
export function NotFound() {
  return (
    <CenteredPage>
      <div className="max-w-md text-center">
        <title>{documentTitle('Page not found')}</title>
        <h1 className="text-xl font-semibold text-gray-900">Page not found</h1>
        <p className="mt-2 text-sm text-gray-600">
          There is no page at this address. Check the link, or start again from your brands.
        </p>
        <Link to={paths.home.href()} className={buttonClasses('primary', 'md', 'mt-6')}>
          Go to the start
        </Link>
      </div>
    </CenteredPage>
  );
}
