import { getEventBus, type EventMap } from '@tunafy/event-bus';

/** A toast through the shell (ui:notify). */
export function notify(message: string, kind: EventMap['ui:notify']['kind'] = 'info'): void {
  getEventBus().publish('ui:notify', { kind, message });
}

/** Guests who open a playlist or an album get the shell's "Please log in" modal instead (SPEC §1, §2). */
export function askToLogIn(): void {
  getEventBus().publish('ui:open-modal', { modal: 'please-log-in' });
}

export function libraryChanged(change: EventMap['library:changed']): void {
  getEventBus().publish('library:changed', change);
}
