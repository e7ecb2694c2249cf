/**
 * A remote (or one of its modules) could not be fetched. `not-deployed`: this environment's /remotes.json
 * does not list it; `offline`: it is listed but its files did not load.
 */
export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  constructor(
    readonly remote: string,
    readonly request: string,
    override readonly cause?: unknown,
    readonly reason: 'offline' | 'not-deployed' = 'offline',
  ) {
    super(`The remote "${remote}" could not load "${request}".`);
  }
}

/** A remote built against another major event contract: mounting it would misread or miss bus events. */
export class IncompatibleRemoteError extends Error {
  override readonly name = 'IncompatibleRemoteError';
  constructor(
    readonly remote: string,
    readonly remoteVersion: string | undefined,
    readonly shellVersion: string,
  ) {
    super(
      remoteVersion
        ? `The remote "${remote}" was built for event contract ${remoteVersion}; this page speaks ${shellVersion}.`
        : `The remote "${remote}" does not declare its event contract version (./meta).`,
    );
  }
}
