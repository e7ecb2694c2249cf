/**
 * Type tests of the remotes' assertion (compiled by this package's `typecheck`): what a remote's
 * src/remote-contract.ts accepts and, with @ts-expect-error, what must fail to compile.
 */
import { forwardRef, memo, type ReactNode } from 'react';
import type { RecentlyPlayedProps, RemoteExposes, SatisfiesRemoteContract, PropsOf, RemoteRequest } from './index.js';

declare function Page(): ReactNode;
declare function List(props: RecentlyPlayedProps): ReactNode;
declare function ListWithOwnProps(props: { limit?: number; title?: string }): ReactNode;
declare function ListRenamed(props: { count?: number; title?: string }): ReactNode;
declare function ListWithRequiredProp(props: RecentlyPlayedProps & { userId: string }): ReactNode;
declare function PageWithProps(props: { id: string }): ReactNode;
const meta = { contractVersion: '1.0.0' as string };
type Mod<C> = { default: C };

// Plain functions, memo and forwardRef components, and an identical props type declared by the remote itself.
export type Fine = SatisfiesRemoteContract<
  'mf_player',
  { Player: Mod<typeof Page>; RecentlyPlayed: Mod<typeof ListWithOwnProps>; meta: typeof meta }
>;
export type FineMemo = SatisfiesRemoteContract<
  'mf_player',
  { Player: Mod<ReturnType<typeof memo<typeof Page>>>; RecentlyPlayed: Mod<typeof List>; meta: typeof meta }
>;
const Forwarded = forwardRef<HTMLDivElement, RecentlyPlayedProps>(function Forwarded() {
  return null;
});
export type FineForwardRef = SatisfiesRemoteContract<'mf_player', { Player: Mod<typeof Page>; RecentlyPlayed: Mod<typeof Forwarded>; meta: typeof meta }>;

// @ts-expect-error a module of the contract is missing (RecentlyPlayed)
export type Missing = SatisfiesRemoteContract<'mf_player', { Player: Mod<typeof Page>; meta: typeof meta }>;
export type Extra = SatisfiesRemoteContract<
  'mf_player',
  // @ts-expect-error a module the contract does not list
  { Player: Mod<typeof Page>; RecentlyPlayed: Mod<typeof List>; Queue: Mod<typeof Page>; meta: typeof meta }
>;
export type NotAComponent = SatisfiesRemoteContract<
  'mf_player',
  // @ts-expect-error the default export is not a component
  { Player: { default: string }; RecentlyPlayed: Mod<typeof List>; meta: typeof meta }
>;
export type NeedsProps = SatisfiesRemoteContract<
  'mf_player',
  // @ts-expect-error a page the shell mounts without props requires one
  { Player: Mod<typeof PageWithProps>; RecentlyPlayed: Mod<typeof List>; meta: typeof meta }
>;
export type Renamed = SatisfiesRemoteContract<
  'mf_player',
  // @ts-expect-error an optional prop renamed (mutually assignable, but not the contract's props)
  { Player: Mod<typeof Page>; RecentlyPlayed: Mod<typeof ListRenamed>; meta: typeof meta }
>;
export type RequiredProp = SatisfiesRemoteContract<
  'mf_player',
  // @ts-expect-error a required prop the contract does not have
  { Player: Mod<typeof Page>; RecentlyPlayed: Mod<typeof ListWithRequiredProp>; meta: typeof meta }
>;
export type BadMeta = SatisfiesRemoteContract<
  'mf_player',
  // @ts-expect-error ./meta without contractVersion
  { Player: Mod<typeof Page>; RecentlyPlayed: Mod<typeof List>; meta: { version: string } }
>;

// The exposes of a federation config: exactly the contract's names.
export const exposes = { './Player': 'a.tsx', './RecentlyPlayed': 'b.tsx', './meta': 'c.ts' } satisfies RemoteExposes<'mf_player'>;
// @ts-expect-error an exposed module missing from the config
export const exposesMissing = { './Player': 'a.tsx', './meta': 'c.ts' } satisfies RemoteExposes<'mf_player'>;
// @ts-expect-error an exposed module the contract does not list
export const exposesExtra = { './Player': 'a.tsx', './RecentlyPlayed': 'b.tsx', './meta': 'c.ts', './Queue': 'd.tsx' } satisfies RemoteExposes<'mf_player'>;

// The shell's side: requests and their props.
export const request: RemoteRequest = 'mf_player/RecentlyPlayed';
// @ts-expect-error meta is not a component request
export const metaRequest: RemoteRequest = 'mf_player/meta';
// @ts-expect-error an unknown module
export const unknownRequest: RemoteRequest = 'mf_player/Queue';
export const props: PropsOf<'mf_player/RecentlyPlayed'> = { limit: 5 };
// @ts-expect-error a prop the contract does not have
export const wrongProps: PropsOf<'mf_player/RecentlyPlayed'> = { count: 5 };
declare function PageTakingEmptyProps(props: {}): ReactNode;
export type FineEmptyProps = SatisfiesRemoteContract<'mf_player', { Player: Mod<typeof PageTakingEmptyProps>; RecentlyPlayed: Mod<typeof List>; meta: typeof meta }>;
export const noProps: PropsOf<'mf_player/Player'> = {};
// @ts-expect-error a prop for a region that takes none
export const propForNoProps: PropsOf<'mf_player/Player'> = { autoplay: true };
