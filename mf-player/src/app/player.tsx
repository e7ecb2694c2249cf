import { useEffect, useRef, useState } from 'react';
import { useSessionUser } from '@tunafy/app-kit';
import { PlayerController } from '../playback/player-controller';
import { whenIdle } from '../playback/when-idle';
import { PlayerBar } from '../ui/player-bar';

/**
 * `mf_player/Player`: the bottom player the shell keeps mounted for a logged-in
 * user, so music goes on across route changes. It hears `player:command` and
 * publishes `player:state` on the bus; on logout (no session user) it stops
 * and renders nothing.
 */
export default function Player() {
  const user = useSessionUser();
  if (!user) return null;
  // A new user gets a new player: their own saved queue, nothing of the previous one's.
  return <PlayerForUser key={user.id} userId={user.id} />;
}

function PlayerForUser({ userId }: { userId: string }) {
  const [controller] = useState(() => new PlayerController({ userId }));
  const audioHost = useRef<HTMLDivElement>(null);
  // The bar shows at once; the player itself starts when the page is idle, or at the first action (decision 0031).
  useEffect(() => controller.attach(audioHost.current!, whenIdle), [controller]);
  return (
    <>
      <PlayerBar controller={controller} />
      <div ref={audioHost} hidden data-player-audio="" />
    </>
  );
}
