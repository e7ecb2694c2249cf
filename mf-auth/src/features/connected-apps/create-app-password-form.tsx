import type { CreatedAppPassword } from '@tunafy/contracts';
import { Form, FormAlert, SubmitButton, TextField } from '@tunafy/ui';
import { NewAppPassword } from './new-app-password';
import { useCreateAppPassword } from './use-create-app-password';
import styles from './connected-apps.module.css';

export function CreateAppPasswordForm({ onCreated }: { onCreated: (created: CreatedAppPassword) => void }) {
  const form = useCreateAppPassword(onCreated);
  return (
    <section className={styles.section} aria-labelledby="new-app-password">
      <h2 id="new-app-password" className={styles.heading}>
        New app password
      </h2>
      <p className={styles.text}>Make one per app or device, so you can stop one without signing out the others.</p>
      {form.created && <NewAppPassword created={form.created} onDone={form.dismissCreated} />}
      <Form onSubmit={form.onSubmit} noValidate className={styles.form}>
        <TextField label="Name" placeholder="Symfonium on my phone" autoComplete="off" {...form.field} />
        <FormAlert message={form.alert} />
        <div>
          <SubmitButton label="Create app password" pending={form.pending} blocked={form.blocked} />
        </div>
      </Form>
    </section>
  );
}
