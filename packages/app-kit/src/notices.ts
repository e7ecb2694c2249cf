import { useEffect, useState } from 'react';
import { getEventBus, type EventMap } from '@tunafy/event-bus';

export type Notice = EventMap['ui:notify'] & { id: number };

/**
 * The `ui:notify` messages to show now, oldest first: each for `visibleMs`, at most `max` at once (a new one
 * pushes the oldest out). What the shell's toaster shows; a remote's dev page stands in for it the same way.
 */
export function useNotices({ visibleMs, max }: { visibleMs: number; max: number }): Notice[] {
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const subscription = getEventBus()
      .on('ui:notify')
      .subscribe((notice) => {
        const id = ++next;
        setNotices((list) => [...list, { ...notice, id }].slice(-max));
        const timer = setTimeout(() => {
          timers.delete(timer);
          setNotices((list) => list.filter((shown) => shown.id !== id));
        }, visibleMs);
        timers.add(timer);
      });
    return () => {
      subscription.unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, [visibleMs, max]);
  return notices;
}
