import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { ApiError } from '@tunafy/api-client';
import { MESSAGES } from '@tunafy/contracts';
import { Button, EmptyState, ErrorState, LoginRequired as SharedLoginRequired, buttonClassName } from '@tunafy/ui';

/** A failed load: missing (404), someone else's (403), or anything else with a retry. */
export function LoadError({ error, what, onRetry, backTo }: { error: ApiError; what: string; onRetry: () => void; backTo: { to: string; label: string } }) {
  const back = (
    <Link to={backTo.to} className={buttonClassName('secondary', 'small')}>
      {backTo.label}
    </Link>
  );
  if (error.status === 404 || error.status === 400) {
    return <EmptyState title={`This ${what} isn’t here`} text={`It may have been deleted, or it is private. Check the link, or find another ${what}.`} actions={back} />;
  }
  if (error.status === 403) {
    return <EmptyState title={`This ${what} isn’t yours`} text={`Only its owner can do this. You can still find and play it from the library.`} actions={back} />;
  }
  const text = error.status >= 500 ? MESSAGES.serverError : error.body.message;
  return (
    <ErrorState
      title={`Couldn’t load this ${what}`}
      text={text}
      actions={
        <>
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
          {back}
        </>
      }
    />
  );
}

/** For guests who reach a page that needs an account by its address (the shell guards the links). */
export function LoginRequired({ what }: { what: string }) {
  return <SharedLoginRequired what={what} link={Link} />;
}

/** An empty state's call to action: a small primary button that is a link. */
export function PrimaryLink({ to, onClick, children }: { to: string; onClick?: (event: MouseEvent) => void; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClassName('primary', 'small')} onClick={onClick}>
      {children}
    </Link>
  );
}
