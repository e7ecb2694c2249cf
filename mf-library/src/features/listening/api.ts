import { getApiClient } from '@tunafy/api-client';
import type { HistoryClearedResponse, HistoryResponse, HistorySettings, TopPeriod } from '@tunafy/contracts';

/** Your listening (docs/listening.md): the history a page at a time, the top lists, pause and clear. */
export const historyPath = (before: string | null) => `/api/me/history${before ? `?before=${encodeURIComponent(before)}` : ''}`;
export const topPath = (period: TopPeriod) => `/api/me/top?period=${period}`;

export const fetchHistory = (before: string | null, signal?: AbortSignal) => getApiClient().get<HistoryResponse>(historyPath(before), { signal });
export const setHistoryPaused = (paused: boolean) => getApiClient().put<HistorySettings>('/api/me/history/settings', { json: { paused } });
export const clearHistory = () => getApiClient().delete<HistoryClearedResponse>('/api/me/history');
