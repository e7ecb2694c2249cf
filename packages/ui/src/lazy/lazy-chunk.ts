/**
 * A part's behaviour in a chunk of its own (Dialog's and Menu's Radix code): `preload()` starts the import once
 * and resolves to the same module every time; `loaded` is that module once it is there, null before, so a part can
 * render at once when an earlier one already paid for it.
 */
export function lazyChunk<Module>(load: () => Promise<Module>) {
  let module: Module | null = null;
  let loading: Promise<Module> | null = null;
  return {
    get loaded(): Module | null {
      return module;
    },
    preload(): Promise<Module> {
      loading ??= load().then((loadedModule) => (module = loadedModule));
      return loading;
    },
  };
}
