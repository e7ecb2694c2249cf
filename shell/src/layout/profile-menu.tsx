import type { SessionUser } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { Menu, UserCircleIcon, type MenuItem } from '@tunafy/ui';
import { useNavigate } from 'react-router';
import { useLogout } from '../session/session';
import styles from './profile-menu.module.css';

/** The user-circle menu button: @tunafy/ui's Menu (keyboard, focus and typeahead are its), the user's name and email on top. */
export function ProfileMenu({ user }: { user: SessionUser | null }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const bus = getEventBus();

  // The account's own pages: this menu is in the top bar on phones too, so it is their way in as well.
  const items: MenuItem[] = user
    ? [
        { label: 'Listening history', onSelect: () => navigate('/history') },
        { label: 'Your top', onSelect: () => navigate('/top') },
        { label: 'Downloads', onSelect: () => navigate('/downloads') },
        { label: 'Shared links', onSelect: () => navigate('/settings/shares') },
        { label: 'Connected apps', onSelect: () => navigate('/settings/apps') },
        { label: 'Log Out', onSelect: () => void logout() },
      ]
    : [
        { label: 'Log In', onSelect: () => bus.publish('ui:open-modal', { modal: 'login' }) },
        { label: 'Sign Up', onSelect: () => bus.publish('ui:open-modal', { modal: 'signup' }) },
      ];

  return (
    <Menu
      label={user ? `Profile: ${user.username}` : 'Profile'}
      menuLabel="Profile"
      align="end"
      triggerClassName={styles.button}
      items={items}
      header={
        user && (
          <>
            <p className={styles.username}>{user.username}</p>
            <p className={styles.email}>{user.email}</p>
          </>
        )
      }
    >
      <UserCircleIcon size={24} />
    </Menu>
  );
}
