import { themeClassName } from '@tunafy/ui';
import { pageTitleClassName } from '../components/media-card';
import { LoginRequired } from '../components/states';
import theme from '../components/theme.module.css';
import { UploadScreen } from '../features/uploads/upload-screen';
import { useSessionUser } from '../lib/session';

/** `/upload`: bulk upload of a collection (issue 13, docs/import.md "The upload screen"). */
export default function UploadPage() {
  const user = useSessionUser();
  if (user === null) return <LoginRequired what="the upload screen" />;
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <h1 className={pageTitleClassName}>Upload Music</h1>
      {user && <UploadScreen />}
    </div>
  );
}
