import { pathIcon } from './icon';

export const PreviousIcon = pathIcon('M6 6h2v12H6zm3.5 6l8.5 6V6z');
