declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** EVENT_CONTRACT_VERSION of @tunafy/event-bus at build time (DefinePlugin; vitest `define`). */
declare const __EVENT_CONTRACT_VERSION__: string;

/** This build's label: TUNAFY_BUILD_LABEL at build time, else the package version (DefinePlugin). */
declare const __TUNAFY_BUILD_LABEL__: string | undefined;
