/**
 * Streaming quality and Volume normalization (docs/streaming.md, In the player): per device, not per user, since
 * they are about this device's connection and speakers. Kept in localStorage beside the player's other state; here
 * and not in the player because downloads are made at the same Streaming quality (docs/offline.md).
 */
import { NORMALIZATION_LEVELS, STREAM_QUALITIES, type NormalizationLevel, type StreamQuality } from '@tunafy/contracts';

export interface PlaybackSettings {
  quality: StreamQuality;
  normalization: NormalizationLevel;
}

export const DEFAULT_PLAYBACK_SETTINGS: PlaybackSettings = { quality: 'auto', normalization: 'normal' };

const VERSION = 1;
export const PLAYBACK_SETTINGS_KEY = `tunafy.player.settings.v${VERSION}`;

/** The stored settings; an unknown or damaged value falls back to its default, the other one is kept. */
export function loadPlaybackSettings(storage: Storage | null): PlaybackSettings {
  let stored: unknown = null;
  try {
    const text = storage?.getItem(PLAYBACK_SETTINGS_KEY);
    stored = text ? JSON.parse(text) : null;
  } catch {
    stored = null;
  }
  const value = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return {
    quality: STREAM_QUALITIES.includes(value.quality as StreamQuality) ? (value.quality as StreamQuality) : DEFAULT_PLAYBACK_SETTINGS.quality,
    normalization: NORMALIZATION_LEVELS.includes(value.normalization as NormalizationLevel) ? (value.normalization as NormalizationLevel) : DEFAULT_PLAYBACK_SETTINGS.normalization,
  };
}

export function savePlaybackSettings(storage: Storage | null, settings: PlaybackSettings): void {
  try {
    storage?.setItem(PLAYBACK_SETTINGS_KEY, JSON.stringify({ quality: settings.quality, normalization: settings.normalization }));
  } catch {
    // Full or disabled storage: the setting holds until the page closes.
  }
}
