// The design system's tokens first, then the player's own: the player's class comes later in the CSS, so its
// font size and line height win over the design system's on the same element.
import { themeClassName } from '@tunafy/ui';
import theme from './theme.module.css';

/** The class for each root element the player renders (the bar, the phone's bar and full-screen player, a list). */
export const playerThemeClassName = `${themeClassName} ${theme.theme}`;
