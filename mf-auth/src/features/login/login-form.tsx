import type { ReactNode } from 'react';
import { DEMO_CREDENTIALS, type SessionUser } from '@tunafy/contracts';
import { Button, Form, FormActions, FormAlert, TextField } from '@tunafy/ui';
import styles from '../../components/form.module.css';
import { useLoginForm } from './use-login-form';

interface LoginFormProps {
  onSuccess: (user: SessionUser) => void;
  /** The way to the sign-up form: a route link on the page, a view switch in the modal. */
  signupLink: ReactNode;
}

export function LoginForm({ onSuccess, signupLink }: LoginFormProps) {
  const form = useLoginForm(onSuccess);
  const { errors, pending } = form;
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-busy={pending}>
      <FormAlert message={errors.server ?? errors.form} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <FormActions stacked>
        <Button type="submit" disabled={pending}>
          Log In
        </Button>
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => form.submitValues({ email: DEMO_CREDENTIALS.email, password: DEMO_CREDENTIALS.password })}
        >
          Demo User
        </Button>
      </FormActions>
      <p className={styles.switch}>Don&apos;t have an account? {signupLink}</p>
    </Form>
  );
}
