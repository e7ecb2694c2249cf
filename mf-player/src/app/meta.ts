/**
 * The event contract this remote was compiled against, inlined at build time
 * (see rspack.config.ts). Importing EVENT_CONTRACT_VERSION from
 * @tunafy/event-bus here would hand back the shared singleton's value, i.e. the
 * shell's own, and the shell's compatibility check could never fail.
 */
export const contractVersion: string = __EVENT_CONTRACT_VERSION__;
