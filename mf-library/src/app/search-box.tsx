import { SearchBox } from '../features/search/search-box';
import { useSessionUser } from '../lib/session';

/** Exposed as `mf_library/SearchBox` for the shell's top bar. Search needs an account, so guests see nothing. */
export default function SearchBoxRegion() {
  const user = useSessionUser();
  if (!user) return null;
  return <SearchBox key={user.id} userId={user.id} />;
}
