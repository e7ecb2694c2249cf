import { GuestRoute } from '../components/guest-route';
import { LoginForm } from '../features/login/login-form';

/** Exposed as `mf_auth/LoginPage`; the shell renders it at /login inside its router. */
export default function LoginPage() {
  return (
    <GuestRoute title="Log in to Tunafy" switchTo={{ path: '/signup', label: 'Sign up' }}>
      {(props) => <LoginForm {...props} />}
    </GuestRoute>
  );
}
