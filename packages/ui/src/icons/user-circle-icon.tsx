import { pathIcon } from './icon';

/** The account: a person in a circle (the profile menu's button). */
export const UserCircleIcon = pathIcon('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 14a8 8 0 0 1-6.03-2.75C7.2 15.8 9.5 15 12 15s4.8.8 6.03 2.25A8 8 0 0 1 12 20z');
