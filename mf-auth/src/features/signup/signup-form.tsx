import type { ReactNode } from 'react';
import type { SessionUser } from '@tunafy/contracts';
import { TextField } from '@tunafy/ui';
import { AuthFormFrame } from '../../components/auth-form-frame';
import { useSignupForm } from './use-signup-form';

interface SignupFormProps {
  variant: 'page' | 'modal';
  onSuccess: (user: SessionUser) => void;
  /** The way to the log-in form: a route link on the page, a view switch in the modal. */
  switchLink: ReactNode;
}

export function SignupForm({ variant, onSuccess, switchLink }: SignupFormProps) {
  const form = useSignupForm(variant, onSuccess);
  return (
    <AuthFormFrame form={form} submitLabel="Sign Up" switchPrompt="Already have an account?" switchLink={switchLink}>
      <TextField label="Email address" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Username" autoComplete="username" {...form.field('username')} />
      <TextField label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" {...form.field('confirm_password')} />
    </AuthFormFrame>
  );
}
