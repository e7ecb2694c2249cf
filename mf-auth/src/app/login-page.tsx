import { Link, Navigate, useNavigate } from 'react-router';
import { AuthPage } from '../components/auth-page';
import styles from '../components/form.module.css';
import { LoginForm } from '../features/login/login-form';
import { useSessionUser } from '@tunafy/app-kit';

/** Exposed as `mf_auth/LoginPage`; the shell renders it at /login inside its router. */
export default function LoginPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  if (user) return <Navigate to="/" replace />;
  return (
    <AuthPage title="Log in to Tunafy">
      <LoginForm
        onSuccess={() => navigate('/', { replace: true })}
        signupLink={
          <Link to="/signup" className={styles.switchLink}>
            Sign up
          </Link>
        }
      />
    </AuthPage>
  );
}
