import { Link, Navigate, useNavigate } from 'react-router';
import { AuthPage } from '../components/auth-page';
import styles from '../components/form.module.css';
import { SignupForm } from '../features/signup/signup-form';
import { useSessionUser } from '@tunafy/app-kit';

/** Exposed as `mf_auth/SignupPage`; the shell renders it at /signup inside its router. */
export default function SignupPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  if (user) return <Navigate to="/" replace />;
  return (
    <AuthPage title="Sign up to start listening">
      <SignupForm
        variant="page"
        onSuccess={() => navigate('/', { replace: true })}
        loginLink={
          <Link to="/login" className={styles.switchLink}>
            Log in
          </Link>
        }
      />
    </AuthPage>
  );
}
