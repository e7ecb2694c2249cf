import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** A secret encrypted at rest: which key sealed it, and `iv | tag | ciphertext` in base64. */
export interface SealedSecret {
  keyId: string;
  sealed: string;
}

interface Key {
  id: string;
  bytes: Buffer;
}

/** A 256-bit AES key from any operator-chosen secret string (docs/subsonic.md, "The server key"). */
function deriveKey(secret: string): Key {
  const bytes = Buffer.from(hkdfSync('sha256', secret, 'tunafy', 'app-passwords v1', 32));
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 12), bytes };
}

/**
 * AES-256-GCM with a key kept outside the database: Subsonic's token scheme needs each app password back in plain
 * text, so a copy of the database alone must not give them away. Older keys still open what they sealed, so a
 * rotated key keeps apps working while their secrets are re-sealed with the new one on use.
 */
export class SecretBox {
  private readonly current: Key;
  private readonly keys: Map<string, Key>;

  constructor(current: string, previous: readonly string[] = []) {
    this.current = deriveKey(current);
    this.keys = new Map([this.current, ...previous.map(deriveKey)].map((key) => [key.id, key]));
  }

  seal(plain: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.bytes, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return { keyId: this.current.id, sealed: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64') };
  }

  /** The plain secret, and whether it was sealed with an older key; null when no configured key opens it. */
  open({ keyId, sealed }: SealedSecret): { plain: string; stale: boolean } | null {
    const key = this.keys.get(keyId);
    if (!key) return null;
    const bytes = Buffer.from(sealed, 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      return { plain, stale: key !== this.current };
    } catch {
      return null;
    }
  }
}
