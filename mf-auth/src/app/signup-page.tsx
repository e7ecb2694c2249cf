import { GuestRoute } from '../components/guest-route';
import { SignupForm } from '../features/signup/signup-form';

/** Exposed as `mf_auth/SignupPage`; the shell renders it at /signup inside its router. */
export default function SignupPage() {
  return (
    <GuestRoute title="Sign up to start listening" switchTo={{ path: '/login', label: 'Log in' }}>
      {(props) => <SignupForm variant="page" {...props} />}
    </GuestRoute>
  );
}
