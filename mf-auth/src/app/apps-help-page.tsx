import { themeClassName } from '@tunafy/ui';
import { AppsHelp } from '../features/connected-apps/apps-help';

/** Exposed as `mf_auth/AppsHelpPage` (/settings/apps/help): "Listen in other apps". */
export default function AppsHelpPage() {
  return (
    <div className={themeClassName}>
      <AppsHelp />
    </div>
  );
}
