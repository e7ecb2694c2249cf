import type { ReactNode } from 'react';
import { DEMO_CREDENTIALS, type SessionUser } from '@tunafy/contracts';
import { Button, TextField } from '@tunafy/ui';
import { AuthFormFrame } from '../../components/auth-form-frame';
import { useLoginForm } from './use-login-form';

interface LoginFormProps {
  onSuccess: (user: SessionUser) => void;
  /** The way to the sign-up form: a route link on the page, a view switch in the modal. */
  switchLink: ReactNode;
}

export function LoginForm({ onSuccess, switchLink }: LoginFormProps) {
  const form = useLoginForm(onSuccess);
  const demoUser = (
    <Button variant="secondary" disabled={form.pending} onClick={() => form.submitValues({ email: DEMO_CREDENTIALS.email, password: DEMO_CREDENTIALS.password })}>
      Demo User
    </Button>
  );
  return (
    <AuthFormFrame form={form} submitLabel="Log In" actions={demoUser} switchPrompt="Don't have an account?" switchLink={switchLink}>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
    </AuthFormFrame>
  );
}
