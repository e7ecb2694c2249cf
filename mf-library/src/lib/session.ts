// The one session hook every app shares (@tunafy/app-kit, bundled with us); the pages import it from here.
export { useSessionUser } from '@tunafy/app-kit';
