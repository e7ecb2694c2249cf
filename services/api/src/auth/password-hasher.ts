import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes): slow for attackers, ~0.1 s for us. */
@Injectable()
export class PasswordHasher {
  // Verifying against a real hash for unknown emails keeps response times from revealing which emails exist.
  private readonly decoy = argon2.hash('tunafy-decoy-password');

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }
}
