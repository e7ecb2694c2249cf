import { Link } from 'react-router';
import { EmptyState, buttonClassName } from '@tunafy/ui';

/** For guests who reach a member's page by its address (the shell guards its links): the library's "Please log in". */
export function LoginRequired({ what }: { what: string }) {
  return (
    <EmptyState
      title="Please log in"
      text={`Log in or sign up for free to see ${what}.`}
      actions={
        <>
          <Link to="/login" className={buttonClassName('primary', 'small')}>
            Log In
          </Link>
          <Link to="/signup" className={buttonClassName('secondary', 'small')}>
            Sign Up
          </Link>
        </>
      }
    />
  );
}
