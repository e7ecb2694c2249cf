import { Link, useNavigate } from 'react-router';
import { Button } from '@tunafy/ui';
import styles from '../components/form.module.css';
import modalStyles from './auth-modals.module.css';

/** What a guest sees when a link needs an account (playlists, albums, sidebar actions). */
export function PleaseLogIn({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  return (
    <div className={modalStyles.pleaseLogIn}>
      <p className={modalStyles.lead}>Log in or create a free account to play songs, open playlists and albums, and build your own library.</p>
      <Button
        onClick={() => {
          onDone();
          navigate('/login');
        }}
      >
        Log In
      </Button>
      <p className={styles.switch}>
        Don&apos;t have an account?{' '}
        <Link to="/signup" className={styles.switchLink} onClick={onDone}>
          Sign up
        </Link>
      </p>
    </div>
  );
}
