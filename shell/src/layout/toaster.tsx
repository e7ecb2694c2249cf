import { Toaster as NoticeToaster } from '@tunafy/app-kit';
import styles from './toaster.module.css';

const CLASS_NAMES = { region: styles.region, toast: styles.toast, error: styles.error };

/** Renders `ui:notify` messages from any app: three at most, 5 s each. */
export function Toaster() {
  return <NoticeToaster visibleMs={5000} max={3} classNames={CLASS_NAMES} />;
}
