/**
 * Applies Set-Cookie lines to a jar of name → value, as a browser would for our cookies: a new value
 * replaces the old one, and an empty value or an expiry in 1970 (how express clears a cookie) removes it.
 * Shared by the clients that talk to a real API: the bench session, the mixed-load workers and the API's
 * integration-test client.
 */
export function storeSetCookies(jar: Map<string, string>, lines: Iterable<string>): void {
  for (const line of lines) {
    const [pair, ...attributes] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const cleared = value === '' || attributes.some((attribute) => /^\s*expires=thu, 01 jan 1970/i.test(attribute));
    if (cleared) jar.delete(name);
    else jar.set(name, value);
  }
}

/** The jar as a Cookie request header value. */
export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
