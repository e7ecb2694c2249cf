import { pathIcon } from './icon';

export const ClockIcon = pathIcon('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18.2a8.2 8.2 0 1 1 0-16.4 8.2 8.2 0 0 1 0 16.4zM12.9 6.5h-1.8v6.1l4.6 2.8.9-1.5-3.7-2.2V6.5z');
