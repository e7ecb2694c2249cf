// The settings' storage moved to @tunafy/offline: downloads read the same Streaming quality (docs/offline.md).
export { DEFAULT_PLAYBACK_SETTINGS, PLAYBACK_SETTINGS_KEY, loadPlaybackSettings, savePlaybackSettings, type PlaybackSettings } from '@tunafy/offline';
