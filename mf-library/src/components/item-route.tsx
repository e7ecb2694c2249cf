import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { SessionUser } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { EmptyState, HeroSkeleton } from '@tunafy/ui';
import { libraryChanged } from '../lib/bus';
import { useSessionUser } from '../lib/session';
import { prefetch, useApi, type LibraryEntity } from '../lib/use-api';
import { HERO_COVER } from './collection-header';
import { preloadCover } from './cover';
import { FormPage } from './form-layout';
import { LoadError, LoginRequired } from './states';

// The routes of one item (a song, an album, a playlist, a user) share their frame: a skeleton while the session is
// read, the log-in prompt for guests, then the item from the API with its load error and retry. Each page then
// states only what it shows.

export interface BackTo {
  to: string;
  label: string;
}

export type EditedEntity = Exclude<LibraryEntity, 'like'>;

/** A page for logged-in users: `loading` while the session is read, "Please log in" (to see `what`) for guests. */
export function SignedIn({ loading, what, children }: { loading: ReactNode; what: string; children: (user: SessionUser) => ReactNode }) {
  const user = useSessionUser();
  if (user === undefined) return loading;
  if (!user) return <LoginRequired what={what} />;
  return children(user);
}

interface ItemRouteProps<T> {
  /** The route's parameter that holds the item's id. */
  param: string;
  path: (id: string) => string;
  /** The item, as the load error and the skeleton name it ("album": "This album isn’t here", "Loading album"). */
  what: string;
  backTo: BackTo;
  reloadOn?: readonly LibraryEntity[];
  /** What guests are asked to log in to see; "this {what}" unless given. */
  login?: string;
  /** The skeleton's label; "Loading {what}" unless given. */
  loadingLabel?: string;
  /** The skeleton has rows under its hero (lists), or not (a song, a form). */
  withRows?: boolean;
  children: (item: T, user: SessionUser, reload: () => void) => ReactNode;
}

/** `/{items}/:id` and its sub-routes: the item from the API for a logged-in user, keyed by its id (a new id starts afresh). */
export function ItemRoute<T>({ param, path, what, backTo, reloadOn, login = `this ${what}`, loadingLabel = `Loading ${what}`, withRows, children }: ItemRouteProps<T>) {
  const id = useParams()[param] ?? '';
  const loading = <HeroSkeleton label={loadingLabel} withRows={withRows} />;
  return (
    <SignedIn loading={loading} what={login}>
      {(user) => (
        <Loaded<T> key={id} path={path(id)} reloadOn={reloadOn} what={what} backTo={backTo} loading={loading}>
          {(item, reload) => children(item, user, reload)}
        </Loaded>
      )}
    </SignedIn>
  );
}

interface LoadedProps<T> {
  path: string;
  reloadOn?: readonly LibraryEntity[];
  what: string;
  backTo: BackTo;
  loading: ReactNode;
  children: (item: T, reload: () => void) => ReactNode;
}

function Loaded<T>({ path, reloadOn, what, backTo, loading, children }: LoadedProps<T>) {
  const item = useApi<T>(path, reloadOn);
  if (item.data) return children(item.data, item.reload);
  if (item.error) return <LoadError error={item.error} what={what} onRetry={item.reload} backTo={backTo} />;
  return loading;
}

/** The session once the shell has read it (a replaying event: at once if it already has). */
function sessionKnown(): Promise<SessionUser | null> {
  return new Promise((resolve) => {
    const subscription = getEventBus()
      .on('auth:session')
      .subscribe(({ user }) => {
        resolve(user);
        queueMicrotask(() => subscription.unsubscribe());
      });
  });
}

/**
 * A detail page's `firstData` (issue 31): the item at this address, asked for as the page's module loads once the
 * session is a user's, so the shell's first render draws the page instead of the skeleton whose effect then asked for
 * it (on a phone the hero cover's request started ~3 s in, docs/benchmarks.md); its hero cover is preloaded as soon
 * as the item is in. A guest gets the log-in prompt and no request (its 401 would be logged).
 */
export function prefetchItem<T>(route: RegExp, path: (id: string) => string, cover: (item: T) => string | null | undefined): Promise<unknown> {
  // globalThis: the shell's contract test imports the page modules outside a browser.
  const segment = route.exec(globalThis.location?.pathname ?? '')?.[1];
  if (!segment) return Promise.resolve();
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return Promise.resolve();
  }
  return sessionKnown().then((user) => user && prefetch(path(id)).then((item) => item && preloadCover(cover(item as T), HERO_COVER.sizes)));
}

/** After a save: go to `to` and tell the other remotes (the sidebar, the player) what changed. */
function useAfterSave<T extends { id: string }>(entity: EditedEntity, action: 'created' | 'updated', to: (item: T) => string) {
  const navigate = useNavigate();
  return (item: T) => {
    navigate(to(item));
    libraryChanged({ entity, id: item.id, action });
  };
}

interface CreateRouteProps<T> {
  entity: EditedEntity;
  subtitle: string;
  /** Where the new item leads (SPEC §4): the list it joins unless given. */
  to?: (item: T) => string;
  /** What a guest gets instead of the form: "Please log in" to see "your {entity}s" unless given. */
  signedOut?: ReactNode;
  children: (onCreated: (item: T) => void) => ReactNode;
}

/** `/{items}/new`: "Create {Entity}", the create form in its card (SPEC §4). */
export function CreateRoute<T extends { id: string }>({ entity, subtitle, to = () => `/${entity}s`, signedOut, children }: CreateRouteProps<T>) {
  const user = useSessionUser();
  const onCreated = useAfterSave(entity, 'created', to);
  if (user === null) return signedOut ?? <LoginRequired what={`your ${entity}s`} />;
  return (
    <FormPage title={`Create ${capitalized(entity)}`} subtitle={subtitle}>
      {children(onCreated)}
    </FormPage>
  );
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

interface UpdateRouteProps<T> {
  param: string;
  path: (id: string) => string;
  entity: 'song' | 'album';
  backTo: BackTo;
  name: (item: T) => string;
  children: (item: T, onUpdated: (item: T) => void) => ReactNode;
}

/** `/{items}/:id/update`: the update form for the item's artist; back to the item once saved (SPEC §4). */
export function UpdateRoute<T extends { id: string; artist_id: string }>({ param, path, entity, backTo, name, children }: UpdateRouteProps<T>) {
  return (
    <ItemRoute<T> param={param} path={path} what={entity} backTo={backTo} withRows={false}>
      {(item, user) => <UpdateForm item={item} user={user} entity={entity} name={name} form={children} />}
    </ItemRoute>
  );
}

function UpdateForm<T extends { id: string; artist_id: string }>({ item, user, entity, name, form }: { item: T; user: SessionUser; form: UpdateRouteProps<T>['children'] } & Pick<UpdateRouteProps<T>, 'entity' | 'name'>) {
  const onUpdated = useAfterSave<T>(entity, 'updated', (updated) => `/${entity}s/${updated.id}`);
  if (item.artist_id !== user.id) {
    const article = entity === 'album' ? 'an' : 'a';
    return <EmptyState title={`This ${entity} isn’t yours`} text={`Only its artist can update ${article} ${entity}. You can still play it from the ${entity} page.`} />;
  }
  return (
    <FormPage title={`Update ${capitalized(entity)}`} subtitle={name(item)}>
      {form(item, onUpdated)}
    </FormPage>
  );
}
