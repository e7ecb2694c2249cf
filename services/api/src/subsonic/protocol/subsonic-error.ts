/** The OpenSubsonic error codes (docs/subsonic.md, "Errors"): always answered with HTTP 200 and `status: "failed"`. */
export const SUBSONIC_ERRORS = {
  generic: 0,
  missingParameter: 10,
  clientTooOld: 20,
  serverTooOld: 30,
  wrongCredentials: 40,
  tokenAuthUnsupported: 41,
  authMechanismUnsupported: 42,
  conflictingAuth: 43,
  invalidApiKey: 44,
  notAuthorized: 50,
  trialExpired: 60,
  notFound: 70,
} as const;

export type SubsonicErrorCode = (typeof SUBSONIC_ERRORS)[keyof typeof SUBSONIC_ERRORS];

/** A refusal a Subsonic client understands; anything else thrown by a method answers code 0 and is logged. */
export class SubsonicError extends Error {
  constructor(
    readonly code: SubsonicErrorCode,
    message: string,
  ) {
    super(message);
  }

  static missing(parameter: string): SubsonicError {
    return new SubsonicError(SUBSONIC_ERRORS.missingParameter, `Required parameter is missing: ${parameter}`);
  }

  static invalid(parameter: string, why: string): SubsonicError {
    // The spec has no "bad value" code; 0 with a message naming the parameter is what Navidrome and gonic answer too.
    return new SubsonicError(SUBSONIC_ERRORS.generic, `Invalid parameter ${parameter}: ${why}`);
  }

  static notFound(what: string): SubsonicError {
    return new SubsonicError(SUBSONIC_ERRORS.notFound, `${what} not found`);
  }

  static notAuthorized(message: string): SubsonicError {
    return new SubsonicError(SUBSONIC_ERRORS.notAuthorized, message);
  }

  static notImplemented(method: string): SubsonicError {
    return new SubsonicError(SUBSONIC_ERRORS.notFound, `Method not implemented: ${method}`);
  }
}
