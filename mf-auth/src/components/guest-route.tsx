import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useSessionUser } from '@tunafy/app-kit';
import { AuthPage } from './auth-page';
import styles from './form.module.css';

interface GuestRouteProps {
  title: string;
  /** The other auth page, linked under the form ("Sign up" on /login). */
  switchTo: { path: string; label: string };
  /** The form, given what to do once it succeeded and the link to the other page. */
  children: (props: { onSuccess: () => void; switchLink: ReactNode }) => ReactNode;
}

/** /login and /signup: for guests only (a logged-in user goes home), and home again once the form succeeded. */
export function GuestRoute({ title, switchTo, children }: GuestRouteProps) {
  const user = useSessionUser();
  const navigate = useNavigate();
  if (user) return <Navigate to="/" replace />;
  const switchLink = (
    <Link to={switchTo.path} className={styles.switchLink}>
      {switchTo.label}
    </Link>
  );
  return <AuthPage title={title}>{children({ onSuccess: () => navigate('/', { replace: true }), switchLink })}</AuthPage>;
}
