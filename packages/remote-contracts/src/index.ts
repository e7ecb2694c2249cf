/**
 * The published contract between the shell and its Module Federation remotes: the modules each remote
 * exposes (the keys of its rspack.config.ts `exposes`, without './') and the shape of each.
 *
 * Both sides compile against this package and neither against the other's source:
 *  - the shell types what it loads with it (shell/src/federation/remote-modules.ts, remote-region.tsx), so
 *    it type-checks and builds with no remote folder present (shell/src/federation/standalone-build.test.ts);
 *  - each remote's type check asserts that it satisfies it: its rspack.config.ts `exposes` keys are
 *    `satisfies RemoteExposes<...>`, and src/remote-contract.ts maps each key to its module with
 *    SatisfiesRemoteContract.
 * Changing a remote's exposed modules or props is therefore a change here first, which the shell's and the
 * remote's type checks then hold each side to. Why a package and not the federation plugin's generated
 * types: docs/remote-contracts.md.
 */
import type { ComponentType } from 'react';

/**
 * Props of a region the shell mounts as is: pages read the URL with react-router and talk over the event bus.
 * (Not `{}`, which would accept any object: passing a prop to such a region must not compile.)
 */
export type NoProps = Record<string, never>;

/** An exposed module whose default export is a React component taking exactly `P`. */
export interface ComponentModule<P extends object = NoProps> {
  default: ComponentType<P>;
  /**
   * A screen's first data, asked for when its module loads; settles (never rejects) once it is in. When the screen is
   * the first one of a cold start, the shell renders it after this settles (within its first-screen budget), so the
   * screen's first render can draw the data instead of a skeleton and one more render.
   */
  firstData?: Promise<unknown>;
}

/** Every remote's `./meta`: the event contract version it was built with (the shell refuses incompatible ones). */
export interface MetaModule {
  contractVersion: string;
}

/** mf_player's `./RecentlyPlayed`: a small list of the user's last plays, for another remote to show. */
export interface RecentlyPlayedProps {
  /** How many songs to show (default 10). */
  limit?: number;
  /** The list's heading (default "Recently played"). */
  title?: string;
}

/** Each remote by federation name → each exposed module by name. */
export interface RemoteContracts {
  mf_auth: {
    LoginPage: ComponentModule;
    SignupPage: ComponentModule;
    /** Listens for `ui:open-modal` on the bus; the shell mounts it once, hidden until asked. */
    AuthModals: ComponentModule;
    /** Account credentials for Subsonic apps (issue 26, docs/subsonic.md): `/settings/apps` and its help page. */
    ConnectedAppsPage: ComponentModule;
    AppsHelpPage: ComponentModule;
    meta: MetaModule;
  };
  mf_library: {
    HomePage: ComponentModule;
    SongsPage: ComponentModule;
    SongDetailPage: ComponentModule;
    SongCreatePage: ComponentModule;
    SongUpdatePage: ComponentModule;
    AlbumsPage: ComponentModule;
    AlbumDetailPage: ComponentModule;
    AlbumCreatePage: ComponentModule;
    AlbumUpdatePage: ComponentModule;
    PlaylistsPage: ComponentModule;
    PlaylistDetailPage: ComponentModule;
    PlaylistCreatePage: ComponentModule;
    LikedSongsPage: ComponentModule;
    UploadPage: ComponentModule;
    UserPage: ComponentModule;
    /** The credited artists A–Z (`/artists?letter=`), an artist's page, the genres and a genre's songs (issue 25). */
    ArtistsPage: ComponentModule;
    ArtistPage: ComponentModule;
    GenresPage: ComponentModule;
    GenrePage: ComponentModule;
    /** The top bar's quick search, and the search screen (`/search?q=&type=`, issue 30, docs/search.md). */
    SearchBox: ComponentModule;
    SearchPage: ComponentModule;
    SidebarLibrary: ComponentModule;
    YourLibraryPage: ComponentModule;
    /** Your listening history and your top lists (issue 28, docs/listening.md). */
    HistoryPage: ComponentModule;
    TopPage: ComponentModule;
    /** What is downloaded for offline listening, its storage, Remove (issue 28, docs/offline.md). */
    DownloadsPage: ComponentModule;
    /** The user's share links with Revoke (issue 28, docs/shares.md). */
    SharedLinksPage: ComponentModule;
    meta: MetaModule;
  };
  mf_player: {
    /** The bottom bar the shell mounts once for a logged-in user (it owns the audio). */
    Player: ComponentModule;
    RecentlyPlayed: ComponentModule<RecentlyPlayedProps>;
    meta: MetaModule;
  };
}

export type RemoteName = keyof RemoteContracts;

/** The names a remote exposes (`LoginPage`, `meta`, ...). */
export type ExposedName<R extends RemoteName> = keyof RemoteContracts[R] & string;

/** The exposed names whose module default-exports a component (every one but `meta`). */
export type ComponentName<R extends RemoteName> = {
  [K in ExposedName<R>]: RemoteContracts[R][K] extends ComponentModule<infer _P> ? K : never;
}[ExposedName<R>];

/** What the shell may ask the federation runtime for: `remote/Expose` of a component module. */
export type RemoteRequest = { [R in RemoteName]: `${R}/${ComponentName<R>}` }[RemoteName];

/** The contract's module for a request (`mf_auth/LoginPage` → ComponentModule). */
export type ModuleOf<Q extends RemoteRequest> = Q extends `${infer R extends RemoteName}/${infer K}`
  ? K extends keyof RemoteContracts[R]
    ? RemoteContracts[R][K]
    : never
  : never;

/** The props a requested component takes. */
export type PropsOf<Q extends RemoteRequest> = ModuleOf<Q> extends ComponentModule<infer P> ? P : never;

/** The `exposes` of a remote's federation config: exactly the contract's names, each `./Name` → a source file. */
export type RemoteExposes<R extends RemoteName> = { [K in ExposedName<R> as `./${K}`]: string };

// ---- The remotes' side: src/remote-contract.ts in each remote ----

/** Same prop names and mutually assignable (assignability alone is too loose with optional props: `{ count?: n }` ~ `{ limit?: n }`). */
type SameProps<A, B> = [keyof A] extends [keyof B]
  ? [keyof B] extends [keyof A]
    ? [A] extends [B]
      ? [B] extends [A]
        ? true
        : false
      : false
    : false
  : false;

/** The props a component declares, less React's own `ref` and `key` (forwardRef adds them); none (no parameter, `{}`) is NoProps. */
type DeclaredProps<C> = C extends (props: infer P) => unknown
  ? OwnProps<P>
  : C extends abstract new (props: infer P) => unknown
    ? OwnProps<P>
    : never;
type OwnProps<P> = unknown extends P ? NoProps : [keyof Omit<P, 'ref' | 'key'>] extends [never] ? NoProps : Omit<P, 'ref' | 'key'>;

/** The contract's module, plus an impossible member naming the problem when the props are not exactly the contract's. */
type Conforming<Contract, Actual> =
  Contract extends ComponentModule<infer P>
    ? Actual extends { default: infer C }
      ? SameProps<DeclaredProps<C>, P> extends true
        ? Contract
        : Contract & { 'default export must take exactly the props of the contract': P }
      : Contract
    : Contract;

/**
 * A remote's assertion that it satisfies its contract. `M` maps each exposed name to its module
 * (`typeof import('./app/login-page')`); this type fails to compile when a name is missing or extra, a
 * module's default export is not a component, its props are not exactly the contract's, or `./meta`
 * has no `contractVersion: string`.
 */
export type SatisfiesRemoteContract<
  R extends RemoteName,
  M extends { [K in ExposedName<R>]: Conforming<RemoteContracts[R][K], K extends keyof M ? M[K] : never> } & {
    [K in Exclude<keyof M, ExposedName<R>>]: never;
  },
> = M;
