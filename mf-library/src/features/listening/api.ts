import { getApiClient } from '@tunafy/api-client';
import { RECENT_ITEMS_LIMITS, type HistoryClearedResponse, type HistoryResponse, type HistorySettings, type TopPeriod } from '@tunafy/contracts';

/** Your listening (docs/listening.md): the history a page at a time, the top lists, pause and clear. */
export const historyPath = (before: string | null) => `/api/me/history${before ? `?before=${encodeURIComponent(before)}` : ''}`;
export const topPath = (period: TopPeriod) => `/api/me/top?period=${period}`;

export const fetchHistory = (before: string | null, signal?: AbortSignal) => getApiClient().get<HistoryResponse>(historyPath(before), { signal });
export const setHistoryPaused = (paused: boolean) => getApiClient().put<HistorySettings>('/api/me/history/settings', { json: { paused } });
export const clearHistory = () => getApiClient().delete<HistoryClearedResponse>('/api/me/history');

/** The home page's Recently played: the places the listener last played from. */
export const RECENT_ITEMS_PATH = `/api/me/recent-items?limit=${RECENT_ITEMS_LIMITS.default}`;
