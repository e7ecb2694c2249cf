import { Icon, type IconProps } from './icon';

// The playback controls' icons (Material Design paths). Play, pause and shuffle are the library's buttons' too.

export const PlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7.05 3.606 20.54 11.394a.7.7 0 0 1 0 1.212L7.05 20.394A.7.7 0 0 1 6 19.788V4.212a.7.7 0 0 1 1.05-.606z" />
  </Icon>
);

export const PauseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5.7 3a.7.7 0 0 0-.7.7v16.6a.7.7 0 0 0 .7.7h2.6a.7.7 0 0 0 .7-.7V3.7a.7.7 0 0 0-.7-.7H5.7zm10 0a.7.7 0 0 0-.7.7v16.6a.7.7 0 0 0 .7.7h2.6a.7.7 0 0 0 .7-.7V3.7a.7.7 0 0 0-.7-.7h-2.6z" />
  </Icon>
);

export const ShuffleIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10.59 9.17 5.41 4 4 5.41l5.17 5.17 1.42-1.41zM14.5 4l2.04 2.04L4 18.59 5.41 20 17.96 7.46 20 9.5V4h-5.5zm.33 9.41-1.41 1.41 3.13 3.13L14.5 20H20v-5.5l-2.04 2.04-3.13-3.13z" />
  </Icon>
);

export const NextIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 18l8.5-6L6 6v12zM16 6v12h2V6h-2z" />
  </Icon>
);

export const PreviousIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 6h2v12H6zm3.5 6l8.5 6V6z" />
  </Icon>
);

/** An arrow turning back or forward, with the seconds it skips written over it when given. */
function SkipIcon({ path, seconds, ...props }: IconProps & { path: string; seconds?: number }) {
  return (
    <Icon {...props}>
      <path d={path} />
      {seconds !== undefined && (
        <text x="12" y="16.2" fontSize="7.5" fontWeight="700" textAnchor="middle" fontFamily="system-ui, sans-serif">
          {seconds}
        </text>
      )}
    </Icon>
  );
}

export const RewindIcon = (props: IconProps & { seconds?: number }) => <SkipIcon path="M12 5V1L7 6l5 5V7c3.31 0 6 2.69 6 6s-2.69 6-6 6-6-2.69-6-6H4c0 4.42 3.58 8 8 8s8-3.58 8-8-3.58-8-8-8z" {...props} />;

export const ForwardIcon = (props: IconProps & { seconds?: number }) => <SkipIcon path="M12 5V1l5 5-5 5V7c-3.31 0-6 2.69-6 6s2.69 6 6 6 6-2.69 6-6h2c0 4.42-3.58 8-8 8s-8-3.58-8-8 3.58-8 8-8z" {...props} />;

export const RepeatIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 7h10v3l4-4-4-4v3H5v6h2V7zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4z" />
  </Icon>
);

/** Repeat with a 1: loop the current song. */
export const RepeatOneIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 7h10v3l4-4-4-4v3H5v6h2V7zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4zm-4-2V9h-1l-2 1v1h1.5v4H13z" />
  </Icon>
);

export const VolumeHighIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 9v6h4l5 5V4L7 9H3zm13.5 3c0-1.77-1.02-3.29-2.5-4.03v8.05c1.48-.73 2.5-2.25 2.5-4.02zM14 3.23v2.06c2.89.86 5 3.54 5 6.71s-2.11 5.85-5 6.71v2.06c4.01-.91 7-4.49 7-8.77s-2.99-7.86-7-8.77z" />
  </Icon>
);

export const VolumeLowIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M18.5 12c0-1.77-1.02-3.29-2.5-4.03v8.05c1.48-.73 2.5-2.25 2.5-4.02zM5 9v6h4l5 5V4L9 9H5z" />
  </Icon>
);

export const VolumeOffIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M16.5 12c0-1.77-1.02-3.29-2.5-4.03v2.21l2.45 2.45c.03-.2.05-.41.05-.63zm2.5 0c0 .94-.2 1.82-.54 2.64l1.51 1.51C20.63 14.91 21 13.5 21 12c0-4.28-2.99-7.86-7-8.77v2.06c2.89.86 5 3.54 5 6.71zM4.27 3L3 4.27 7.73 9H3v6h4l5 5v-6.73l4.25 4.25c-.67.52-1.42.93-2.25 1.18v2.06c1.38-.31 2.63-.95 3.69-1.81L19.73 21 21 19.73l-9-9L4.27 3zM12 4L9.91 6.09 12 8.18V4z" />
  </Icon>
);

/** The play queue: a list with a note. */
export const QueueIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M15 6H3v2h12V6zm0 4H3v2h12v-2zM3 16h8v-2H3v2zM17 6v8.18c-.31-.11-.65-.18-1-.18-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3V8h3V6h-5z" />
  </Icon>
);

/** Lyrics: lines of text with a note. */
export const LyricsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 5h13v2H3V5zm0 4h13v2H3V9zm0 4h8v2H3v-2zm15-8v8.18A3 3 0 1 0 20 16V7h2V5h-4z" />
  </Icon>
);
