import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's recommended minimum (19 MiB of memory, 2 passes, 1 lane) rather than the library's
 * defaults (64 MiB, 3 passes, 4 lanes). Each hash or verify holds its memory outside the JavaScript heap for
 * the whole computation, and up to four run at once on libuv's pool: at 64 MiB a burst of logins took a
 * quarter of a gigabyte on top of the catalog, and the start-up decoy alone left 64 MiB resident. Hashes made
 * with other parameters keep verifying (argon2 stores them in the hash) and are upgraded at the next login.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  // Verifying against a real hash for unknown emails keeps response times from revealing which emails exist.
  private readonly decoy = argon2.hash('tunafy-decoy-password', OPTIONS);

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }

  /** Whether a hash that just verified was made with other parameters than today's (and should be replaced). */
  isOutdated(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, OPTIONS);
    } catch {
      return false;
    }
  }
}
