import { Button, ErrorState, RowsSkeleton } from '@tunafy/ui';
import { MESSAGES } from '@tunafy/contracts';
import { AppPasswordList } from './app-password-list';
import { ConnectDetails } from './connect-details';
import { CreateAppPasswordForm } from './create-app-password-form';
import { useAppPasswords } from './use-app-passwords';
import styles from './connected-apps.module.css';

/** `/settings/apps`: what to type into a Subsonic app, app passwords to make, and the ones to see and revoke. */
export function ConnectedAppsScreen() {
  const { state, retry, added, revoke } = useAppPasswords();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Connected apps</h1>
      <p className={styles.lead}>
        Play your Tunafy library in music apps on your phone, computer or car (any app that speaks Subsonic). Each app signs in with an app password of its own, never with your Tunafy password.
      </p>
      {state.status === 'loading' && <RowsSkeleton label="Loading your app passwords" rows={3} />}
      {state.status === 'failed' && (
        <ErrorState
          title="Couldn’t load your connected apps"
          text={state.error.status >= 500 ? (state.error.fieldErrors.server ?? MESSAGES.serverError) : state.error.body.message}
          actions={
            <Button size="small" onClick={retry}>
              Try again
            </Button>
          }
        />
      )}
      {state.status === 'ready' && (
        <>
          <ConnectDetails username={state.data.username} />
          <CreateAppPasswordForm onCreated={added} />
          <AppPasswordList appPasswords={state.data.app_passwords} onRevoke={revoke} />
        </>
      )}
    </div>
  );
}
