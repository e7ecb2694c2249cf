import { pathIcon } from './icon';

export const ErrorIcon = pathIcon('M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-.75 3.5h1.5v5h-1.5v-5Zm0 6.25h1.5v1.5h-1.5v-1.5Z', '0 0 16 16');
