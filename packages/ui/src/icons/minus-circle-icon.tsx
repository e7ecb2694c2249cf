import { pathIcon } from './icon';

export const MinusCircleIcon = pathIcon('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16zM7 11h10v2H7v-2z');
