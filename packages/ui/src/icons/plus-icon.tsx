import { pathIcon } from './icon';

export const PlusIcon = pathIcon('M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7V4z');
