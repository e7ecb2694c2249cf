import type { ReactNode } from 'react';
import type { SessionUser } from '@tunafy/contracts';
import { Button, Form, FormActions, FormAlert, TextField } from '@tunafy/ui';
import styles from '../../components/form.module.css';
import { useSignupForm } from './use-signup-form';

interface SignupFormProps {
  variant: 'page' | 'modal';
  onSuccess: (user: SessionUser) => void;
  /** The way to the log-in form: a route link on the page, a view switch in the modal. */
  loginLink: ReactNode;
}

export function SignupForm({ variant, onSuccess, loginLink }: SignupFormProps) {
  const form = useSignupForm(variant, onSuccess);
  const { errors, pending } = form;
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-busy={pending}>
      <FormAlert message={errors.server ?? errors.form} />
      <TextField label="Email address" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Username" autoComplete="username" {...form.field('username')} />
      <TextField label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" {...form.field('confirm_password')} />
      <FormActions stacked>
        <Button type="submit" disabled={pending}>
          Sign Up
        </Button>
      </FormActions>
      <p className={styles.switch}>Already have an account? {loginLink}</p>
    </Form>
  );
}
