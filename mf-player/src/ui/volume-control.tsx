import type { CSSProperties } from 'react';
import type { PlayerController } from '../playback/player-controller';
import { VOLUME_STEP } from '../playback/constants';
import { IconButton, VolumeHighIcon, VolumeLowIcon, VolumeOffIcon } from '@tunafy/ui';
import shared from './shared.module.css';
import styles from './volume-control.module.css';

/** Mute toggle and the volume slider (0 to 1 in SPEC steps of 0.1); a muted player shows 0. */
export function VolumeControl({ controller, volume, muted }: { controller: PlayerController; volume: number; muted: boolean }) {
  const shown = muted ? 0 : volume;
  const icon = shown === 0 ? <VolumeOffIcon size={20} /> : shown < 0.5 ? <VolumeLowIcon size={20} /> : <VolumeHighIcon size={20} />;
  return (
    <div className={styles.volume}>
      <IconButton size="small" label={muted ? 'Unmute' : 'Mute'} onClick={() => controller.toggleMute()} className={shared.iconButton}>
        {icon}
      </IconButton>
      <input
        className={styles.slider}
        type="range"
        min={0}
        max={1}
        step={VOLUME_STEP}
        value={shown}
        aria-label="Volume"
        aria-valuetext={`${Math.round(shown * 100)}%`}
        style={{ '--fraction': shown } as CSSProperties}
        onChange={(event) => controller.setVolume(Number(event.target.value))}
      />
    </div>
  );
}
