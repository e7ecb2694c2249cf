import { HeartIcon, IconButton } from '@tunafy/ui';
import type { LikeToggle } from './use-like';

/** A toggle button: its name stays "Like", aria-pressed says whether the song is in Liked Songs. */
export function LikeButton({ like, songName }: { like: LikeToggle; songName: string }) {
  const liked = like.liked === true;
  return (
    <IconButton
      label={`Like ${songName}`}
      aria-pressed={like.liked === null ? undefined : liked}
      active={liked}
      disabled={like.liked === null}
      onClick={like.toggle}
      data-liked={liked}
    >
      <HeartIcon filled={liked} />
    </IconButton>
  );
}
