import type { ReactNode } from 'react';
import { Button, Form, FormActions, FormAlert } from '@tunafy/ui';
import type { AuthForm } from '../lib/use-auth-form';
import styles from './form.module.css';

interface AuthFormFrameProps<Field extends string> {
  form: AuthForm<Field>;
  /** The submit button's text ("Log In"). */
  submitLabel: string;
  /** Buttons after the submit button (the log-in form's Demo User). */
  actions?: ReactNode;
  /** The line under the form that leads to the other one: its question and the way there (see switchLink of the forms). */
  switchPrompt: string;
  switchLink: ReactNode;
  /** The fields. */
  children: ReactNode;
}

/** What the log-in and sign-up forms share around their fields: the error alert, the actions, the switch line. */
export function AuthFormFrame<Field extends string>({ form, submitLabel, actions, switchPrompt, switchLink, children }: AuthFormFrameProps<Field>) {
  const { errors, pending } = form;
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-busy={pending}>
      <FormAlert message={errors.server ?? errors.form} />
      {children}
      <FormActions stacked>
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
        {actions}
      </FormActions>
      <p className={styles.switch}>
        {switchPrompt} {switchLink}
      </p>
    </Form>
  );
}
