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
  const { values, errors, pending } = form;
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-busy={pending}>
      <FormAlert message={errors.server ?? errors.form} />
      <TextField
        label="Email address"
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onValueChange={(value) => form.setValue('email', value)}
        error={errors.email}
        inputRef={form.register('email')}
      />
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={values.username}
        onValueChange={(value) => form.setValue('username', value)}
        error={errors.username}
        inputRef={form.register('username')}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onValueChange={(value) => form.setValue('password', value)}
        error={errors.password}
        inputRef={form.register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        name="confirm_password"
        autoComplete="new-password"
        value={values.confirm_password}
        onValueChange={(value) => form.setValue('confirm_password', value)}
        error={errors.confirm_password}
        inputRef={form.register('confirm_password')}
      />
      <FormActions stacked>
        <Button type="submit" disabled={pending}>
          Sign Up
        </Button>
      </FormActions>
      <p className={styles.switch}>Already have an account? {loginLink}</p>
    </Form>
  );
}
