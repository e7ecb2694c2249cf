/**
 * Type-checked, never run: the types openapi-typescript generates from the published document
 * (`generated/openapi.d.ts`, written by check.ts) must be exactly the contracts' types, operation by operation,
 * and the client's typed calls must match the document. A mismatch names the operation in tsc's error.
 */
import type { AppPasswordInput, LoginInput, SessionUser, SignupInput } from '@tunafy/contracts';
import type { RouteAnswers, RouteJsonBodies } from '@tunafy/contracts/openapi';
import type { ApiClient } from '../src/api-client.js';
import type { paths } from './generated/openapi.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type Operation<K> = K extends `${infer M} ${infer P}` ? (P extends keyof paths ? (M extends keyof paths[P] ? paths[P][M] : never) : never) : never;
type GeneratedAnswer<K, S> = Operation<K> extends { responses: infer R } ? (S extends keyof R ? (R[S] extends { content: { 'application/json': infer T } } ? T : never) : never) : never;
type GeneratedJsonBody<K> = Operation<K> extends { requestBody: { content: { 'application/json': infer T } } } ? T : never;

/** Every operation of the route table is in the document, with the method and path the table gives. */
type MissingOperations = { [K in keyof RouteAnswers]: [Operation<K>] extends [never] ? K : never }[keyof RouteAnswers];
/** Each documented JSON answer, per status, is the type the contracts' schema gives. */
type WrongAnswers = {
  [K in keyof RouteAnswers]: { [S in keyof RouteAnswers[K]]: Same<RouteAnswers[K][S], GeneratedAnswer<K, S>> extends true ? never : `${K & string} -> ${S & number}` }[keyof RouteAnswers[K]];
}[keyof RouteAnswers];
/** Each documented JSON request body is the input type of the contracts' schema. */
type WrongBodies = { [K in keyof RouteJsonBodies]: Same<RouteJsonBodies[K], GeneratedJsonBody<K>> extends true ? never : K }[keyof RouteJsonBodies];

// An error here reads "Property '<operation>' is missing in type '{}'": that operation (-> status) drifted.
export const undocumentedOperations: Record<MissingOperations, never> = {};
export const driftedAnswers: Record<WrongAnswers, never> = {};
export const driftedJsonBodies: Record<WrongBodies, never> = {};

/** The client's own typed calls, against the document. */
type ClientCalls = [
  Same<Awaited<ReturnType<ApiClient['login']>>, GeneratedAnswer<'post /api/auth/login', 200>>,
  Same<LoginInput, GeneratedJsonBody<'post /api/auth/login'>>,
  Same<Awaited<ReturnType<ApiClient['signup']>>, GeneratedAnswer<'post /api/auth/signup', 201>>,
  Same<SignupInput, GeneratedJsonBody<'post /api/auth/signup'>>,
  Same<Awaited<ReturnType<ApiClient['session']>>, GeneratedAnswer<'get /api/auth', 200> | null>,
  Same<SessionUser, GeneratedAnswer<'get /api/auth', 200>>,
  Same<Awaited<ReturnType<ApiClient['appPasswords']>>, GeneratedAnswer<'get /api/me/app-passwords', 200>>,
  Same<Awaited<ReturnType<ApiClient['createAppPassword']>>, GeneratedAnswer<'post /api/me/app-passwords', 201>>,
  Same<AppPasswordInput, GeneratedJsonBody<'post /api/me/app-passwords'>>,
  Same<Awaited<ReturnType<ApiClient['revokeAppPassword']>>, GeneratedAnswer<'delete /api/me/app-passwords/{id}', 200>>,
];
export const clientCallsMatch: ClientCalls = [true, true, true, true, true, true, true, true, true, true];
