import styles from './theme.module.css';

/** The class that declares the tokens (--ui-*): on a remote's root element, and on anything portalled out of it. */
export const themeClassName = styles.theme;

/** Read by screen readers, invisible on screen. */
export const visuallyHiddenClassName = styles.visuallyHidden;
