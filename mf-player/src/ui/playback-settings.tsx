import { useState } from 'react';
import {
  NORMALIZATION_LABELS,
  NORMALIZATION_LEVELS,
  STREAM_QUALITIES,
  STREAM_QUALITY_LABELS,
  type NormalizationLevel,
  type StreamQuality,
} from '@tunafy/contracts';
import { Dialog, IconButton, RadioGroupField, TuneIcon, preloadDialog } from '@tunafy/ui';
import type { PlayerController } from '../playback/player-controller';
import type { PlaybackSettings as Settings } from '../playback/playback-settings';
import styles from './playback-settings.module.css';

/** One line each, under the option's label (docs/streaming.md, In the player, says the same). */
export const QUALITY_HINTS: Record<StreamQuality, string> = {
  auto: 'Original on fast connections, Normal on slow or metered ones',
  low: 'Uses the least data',
  normal: 'Sounds good and uses a fraction of the data',
  high: 'Near the original, for good headphones',
  original: 'The file as it was uploaded: lossless files use the most data',
};

export const NORMALIZATION_HINTS: Record<NormalizationLevel, string> = {
  off: 'Every song plays as it was mastered',
  normal: 'Songs play at an even level',
  loud: 'A louder even level, for noisy places',
};

const qualityOptions = STREAM_QUALITIES.map((value) => ({ value, label: STREAM_QUALITY_LABELS[value], hint: QUALITY_HINTS[value] }));
const normalizationOptions = NORMALIZATION_LEVELS.map((value) => ({ value, label: NORMALIZATION_LABELS[value], hint: NORMALIZATION_HINTS[value] }));

const preload = () => void preloadDialog();

interface PlaybackSettingsProps {
  controller: PlayerController;
  settings: Settings;
  /** The button's look where it sits (the bar's or the full player's icon buttons). */
  className?: string;
}

/**
 * The "Playback settings" button and the dialog it opens: Streaming quality and Volume normalization, each a
 * group of radios that takes effect as it is chosen (quality from the next song, normalization at once). The
 * dialog's chunk loads when the button is pointed at or focused, as the shortcuts help's does.
 */
export function PlaybackSettingsButton({ controller, settings, className }: PlaybackSettingsProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton size="small" label="Playback settings" aria-haspopup="dialog" onClick={() => setOpen(true)} onPointerEnter={preload} onFocus={preload} className={className}>
        <TuneIcon size={20} />
      </IconButton>
      {open && (
        <Dialog title="Playback settings" description="Saved on this device. Songs this browser cannot play are converted at any quality." onClose={() => setOpen(false)}>
          <div className={styles.groups}>
            <RadioGroupField legend="Streaming quality" options={qualityOptions} value={settings.quality} onValueChange={(quality) => controller.setStreamQuality(quality)} />
            <RadioGroupField
              legend="Volume normalization"
              options={normalizationOptions}
              value={settings.normalization}
              onValueChange={(level) => controller.setNormalization(level)}
            />
          </div>
        </Dialog>
      )}
    </>
  );
}
