import { getApiClient } from '@tunafy/api-client';
import type { CreatedShare, DeletedResponse, ShareKind, SharesPage } from '@tunafy/contracts';

/** Share links (docs/shares.md): made from an item's menu, listed and revoked on /settings/shares. */
export const sharesPath = (cursor: string | null) => `/api/me/shares?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The expiry the API takes for a choice of days from now; null: never. */
export function expiresAtFor(days: number | null, now = Date.now()): string | null {
  return days === null ? null : new Date(now + days * DAY_MS).toISOString();
}

export const createShare = (kind: ShareKind, id: string, days: number | null) => getApiClient().post<CreatedShare>('/api/shares', { json: { kind, id, expires_at: expiresAtFor(days) } });
export const fetchShares = (cursor: string | null, signal?: AbortSignal) => getApiClient().get<SharesPage>(sharesPath(cursor), { signal });
export const revokeShare = (id: string) => getApiClient().delete<DeletedResponse>(`/api/shares/${id}`);
