import { pathIcon } from './icon';

export const ChevronLeftIcon = pathIcon('M15.96 3.54 7.5 12l8.46 8.46-1.42 1.42L4.66 12l9.88-9.88z');
