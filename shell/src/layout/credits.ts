import { useEffect, useState } from 'react';

/**
 * The sidebar's credits and source link belong to the instance, not to the build: its operator sets them in the
 * gateway's environment (TUNAFY_SOURCE_URL, TUNAFY_CREDITS; deploy/README.md), and the gateway hands them over
 * as they are in /instance.json. They are read and checked here, so both gateways (nginx and the Node one of
 * `npm start`) stay plain carriers. Unset, wrong or unreachable, a part is left out rather than shown as a link
 * that leads nowhere: Tunafy has no public home every instance could point at (docs/instance-credits.md).
 */
export interface Contributor {
  name: string;
  /** The contributor's code profile (GitHub, GitLab, ...). */
  profileUrl: string;
}

export interface InstanceCredits {
  /** Where this instance's source code is; null: no "Source code" link. */
  sourceUrl: string | null;
  /** Empty: no credits list. */
  contributors: Contributor[];
}

export const NO_CREDITS: InstanceCredits = { sourceUrl: null, contributors: [] };

/** Only absolute http(s) URLs become links: anything else (javascript:, a typo) would lead nowhere or somewhere bad. */
function webUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * TUNAFY_CREDITS: `Name=URL` entries separated by `;`, e.g.
 * `Ada Lovelace=https://github.com/ada; Grace Hopper=https://gitlab.com/grace`. A name runs to the first `=`,
 * so a URL may hold `=` (query strings). Entries without a name or a web URL are skipped with a warning.
 */
export function parseContributors(value: string): Contributor[] {
  const contributors: Contributor[] = [];
  for (const entry of value.split(';')) {
    if (!entry.trim()) continue;
    const cut = entry.indexOf('=');
    const name = cut === -1 ? '' : entry.slice(0, cut).trim();
    const profileUrl = cut === -1 ? null : webUrl(entry.slice(cut + 1));
    if (name && profileUrl) contributors.push({ name, profileUrl });
    else console.warn(`[tunafy] TUNAFY_CREDITS: "${entry.trim()}" is not Name=https://...; left out`);
  }
  return contributors;
}

/** The body of /instance.json: `{ "sourceUrl": "...", "credits": "..." }`, each the raw environment value or "". */
export function parseInstanceCredits(body: unknown): InstanceCredits {
  const raw = (body ?? {}) as { sourceUrl?: unknown; credits?: unknown };
  const source = typeof raw.sourceUrl === 'string' ? raw.sourceUrl.trim() : '';
  const sourceUrl = source ? webUrl(source) : null;
  if (source && !sourceUrl) console.warn(`[tunafy] TUNAFY_SOURCE_URL "${source}" is not an http(s) URL; no source link`);
  return { sourceUrl, contributors: typeof raw.credits === 'string' ? parseContributors(raw.credits) : [] };
}

/** Never rejects: an instance without /instance.json (or an older gateway) simply shows no credits. */
export async function fetchInstanceCredits(url = '/instance.json'): Promise<InstanceCredits> {
  try {
    const response = await fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } });
    if (!response.ok) return NO_CREDITS;
    return parseInstanceCredits(await response.json());
  } catch {
    return NO_CREDITS;
  }
}

let requested: Promise<InstanceCredits> | null = null;
let loaded: InstanceCredits | null = null;

/** Read once per page: the sidebar unmounts and mounts again on /login and back. */
export function requestInstanceCredits(): Promise<InstanceCredits> {
  requested ??= fetchInstanceCredits().then((credits) => (loaded = credits));
  return requested;
}

/** For tests: the next request reads /instance.json again. */
export function forgetInstanceCredits(): void {
  requested = null;
  loaded = null;
}

/** NO_CREDITS until /instance.json has answered; the sidebar's links need not hold up the first screen. */
export function useInstanceCredits(): InstanceCredits {
  // A sidebar mounted again (after /login) shows what the page already read, without a blink.
  const [credits, setCredits] = useState<InstanceCredits>(() => loaded ?? NO_CREDITS);
  useEffect(() => {
    let current = true;
    void requestInstanceCredits().then((loaded) => current && setCredits(loaded));
    return () => {
      current = false;
    };
  }, []);
  return credits;
}
