// The browser the e2e suite and the benchmarks drive: the machine's Chromium, from @tunafy/stack (tools use it too).
export { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '@tunafy/stack';
