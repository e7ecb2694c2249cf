import { useEffect, useState } from 'react';
import { getEventBus, type ModalName } from '@tunafy/event-bus';
import { Dialog, preloadDialog } from '@tunafy/ui';
import styles from '../components/form.module.css';
import { LoginForm } from '../features/login/login-form';
import { SignupForm } from '../features/signup/signup-form';
import { PleaseLogIn } from './please-log-in';

const TITLES: Record<ModalName, string> = {
  login: 'Log in to Tunafy',
  signup: 'Sign up for Tunafy',
  'please-log-in': 'Please log in',
};

function closeModal(): void {
  // Through the bus, so the shell's modal host hears about it just as when it closes us itself.
  getEventBus().publish('ui:close-modal', {});
}

/**
 * Exposed as `mf_auth/AuthModals`; mounted once by the shell's modal host
 * (inside its router). Opens on `ui:open-modal`, closes on `ui:close-modal`.
 * After a log-in or sign-up the user stays on the page they were on.
 */
export default function AuthModals() {
  const [modal, setModal] = useState<ModalName | null>(null);

  useEffect(() => {
    // The shell mounts us ahead of the first intent; the dialog's own chunk comes with us, so a modal opens at once.
    void preloadDialog();
    const bus = getEventBus();
    const subscriptions = [
      bus.on('ui:open-modal').subscribe(({ modal: name }) => setModal(name)),
      bus.on('ui:close-modal').subscribe(() => setModal(null)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, []);

  if (!modal) return null;
  return (
    <Dialog title={TITLES[modal]} contentKey={modal} onClose={closeModal}>
      {modal === 'login' && (
        <LoginForm
          onSuccess={closeModal}
          switchLink={
            <button type="button" className={styles.switchLink} onClick={() => setModal('signup')}>
              Sign up
            </button>
          }
        />
      )}
      {modal === 'signup' && (
        <SignupForm
          variant="modal"
          onSuccess={closeModal}
          switchLink={
            <button type="button" className={styles.switchLink} onClick={() => setModal('login')}>
              Log in
            </button>
          }
        />
      )}
      {modal === 'please-log-in' && <PleaseLogIn onDone={closeModal} />}
    </Dialog>
  );
}
