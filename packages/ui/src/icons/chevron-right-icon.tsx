import { pathIcon } from './icon';

export const ChevronRightIcon = pathIcon('M8.04 20.46 16.5 12 8.04 3.54l1.42-1.42L19.34 12l-9.88 9.88z');
