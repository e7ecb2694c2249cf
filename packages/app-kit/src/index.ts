// The public surface of @tunafy/app-kit (its ./dev and ./test entries are for dev pages and unit tests only).
export { publishSession, useSessionUser } from './session';
export { useNotices, type Notice } from './notices';
export { Toaster, type ToasterProps } from './toaster';
