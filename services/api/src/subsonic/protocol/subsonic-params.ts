import { SubsonicError } from './subsonic-error.js';

/**
 * A call's parameters, from the query string and a form-encoded body alike (the `formPost` extension), with
 * repeated names kept in order (`id=1&id=2`). Reading one checks it: a bad value is a Subsonic error, never a 5xx.
 */
export class SubsonicParams {
  constructor(private readonly values: URLSearchParams) {}

  static from(query: string, body: string | null): SubsonicParams {
    const values = new URLSearchParams(query);
    if (body) for (const [name, value] of new URLSearchParams(body)) values.append(name, value);
    return new SubsonicParams(values);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  string(name: string): string | undefined {
    return this.values.get(name) ?? undefined;
  }

  required(name: string): string {
    const value = this.values.get(name);
    if (value === null || value === '') throw SubsonicError.missing(name);
    return value;
  }

  all(name: string): string[] {
    return this.values.getAll(name).filter((value) => value !== '');
  }

  int(name: string, { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.values.get(name);
    if (raw === null || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value)) throw SubsonicError.invalid(name, 'not a whole number');
    if (value < min || value > max) throw SubsonicError.invalid(name, `must be between ${min} and ${max}`);
    return value;
  }

  bool(name: string): boolean | undefined {
    const raw = this.values.get(name)?.toLowerCase();
    if (raw === undefined || raw === '') return undefined;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    throw SubsonicError.invalid(name, 'must be true or false');
  }
}
