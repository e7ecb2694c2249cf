import type { ReactNode } from 'react';
import { HOME_ALBUMS_PATH as ALBUMS_PATH, HOME_PLAYLISTS_PATH as PLAYLISTS_PATH, HOME_SHELF_SIZE, type AlbumsResponse, type PlaylistsResponse } from '@tunafy/contracts';
import { Button, EmptyState, themeClassName, visuallyHiddenClassName } from '@tunafy/ui';
import { preloadCover } from '../components/cover';
import { CARD_COVER_SIZES, CardsPlaceholder, Shelf, guestGuard } from '../components/media-card';
import { PrimaryLink } from '../components/states';
import theme from '../components/theme.module.css';
import { AlbumCards } from '../components/album-cards';
import { RecentlyPlayedShelf } from '../features/listening/recently-played-shelf';
import { PlaylistCards } from '../components/playlist-cards';
import { useSessionUser } from '../lib/session';
import { prefetch, useApi, type Resource } from '../lib/use-api';
import { BUILD_LABEL } from './build-info';

// The home page is the first screen of most visits: its two lists are requested as soon as this module
// loads, while the shell renders the layout (see prefetch); on a cold start at / the shell's entry has already
// preloaded both (shell/src/federation/first-screen-data.ts), and these requests take those answers. `firstData`
// lets the shell's first render wait for them (within its budget), so the cards and their covers come in that render
// instead of a skeleton that the cards then replace.
export const firstData = Promise.all([prefetch(PLAYLISTS_PATH).then((answer) => preloadCovers(answer as PlaylistsResponse | undefined)), prefetch(ALBUMS_PATH)]);

/** How many of the first covers are fetched as soon as the playlists are in: the first screen's picture on a phone. */
const PRELOADED_COVERS = 2;

/** The first covers start downloading when the playlists arrive rather than when React has rendered the page. */
export function preloadCovers(answer: PlaylistsResponse | undefined): void {
  for (const playlist of answer?.playlists.slice(0, PRELOADED_COVERS) ?? []) preloadCover(playlist.playlist_cover_url, CARD_COVER_SIZES);
}

function CreateLink({ to, label, guest }: { to: string; label: string; guest: boolean }) {
  return (
    <PrimaryLink to={to} onClick={guestGuard(guest)}>
      {label}
    </PrimaryLink>
  );
}

function ShelfBody<T>({ resource, label, children }: { resource: Resource<T>; label: string; children: (data: T) => ReactNode }) {
  if (resource.data !== undefined) return <>{children(resource.data)}</>;
  if (resource.error) {
    return (
      <EmptyState
        level={3}
        title={`Couldn’t load ${label}`}
        text="Check your connection, then try again."
        actions={
          <Button size="small" onClick={resource.reload}>
            Try again
          </Button>
        }
      />
    );
  }
  // As many cards as the shelf asks for: a full shelf takes their place without moving the shelf under it (decision 0032).
  return <CardsPlaceholder label={`Loading ${label}`} count={HOME_SHELF_SIZE} />;
}

function Home({ guest }: { guest: boolean }) {
  const playlists = useApi<PlaylistsResponse>(PLAYLISTS_PATH, ['playlist']);
  const albums = useApi<AlbumsResponse>(ALBUMS_PATH, ['album']);
  const noPlaylists = (
    <EmptyState
      level={3}
      title="No playlists yet"
      text="Make the first one: gather songs you love and share them, or keep them private."
      actions={<CreateLink to="/playlists/new" label="Create Playlist" guest={guest} />}
    />
  );
  const noAlbums = (
    <EmptyState level={3} title="No albums yet" text="Upload your songs and group them into an album for everyone to hear." actions={<CreateLink to="/albums/new" label="Create Album" guest={guest} />} />
  );
  return (
    <div className={`${themeClassName} ${theme.page}`} data-build={BUILD_LABEL}>
      <h1 className={visuallyHiddenClassName}>Your Library</h1>
      {/* A listener's own places first, as Spotify's home opens; guests (and the first screen's LCP for them) are unchanged. */}
      {guest ? null : <RecentlyPlayedShelf />}
      {/* The playlists' first row is the first screen's picture (its LCP); the albums' is in view on a laptop, below on a phone. */}
      <Shelf title="Tunafy Playlists" showAllTo="/playlists" guest={guest}>
        <ShelfBody resource={playlists} label="playlists">
          {(data) => (data.playlists.length > 0 ? <PlaylistCards playlists={data.playlists} guest={guest} label="Tunafy Playlists" firstRow="high" /> : noPlaylists)}
        </ShelfBody>
      </Shelf>
      <Shelf title="Tunafy Albums" showAllTo="/albums" guest={guest}>
        <ShelfBody resource={albums} label="albums">
          {(data) => (data.albums.length > 0 ? <AlbumCards albums={data.albums} guest={guest} label="Tunafy Albums" firstRow="eager" /> : noAlbums)}
        </ShelfBody>
      </Shelf>
    </div>
  );
}

/** `/`: the library view with a playlists section and an albums section (SPEC §2). Guests see it too. */
export default function HomePage() {
  const user = useSessionUser();
  // Private playlists show to their creator only: a login or logout refetches under the new session.
  return <Home key={user?.id ?? 'guest'} guest={!user} />;
}
