// The package version, inlined by esbuild (esbuild.mjs defines it from package.json).
declare const __CODEINDEX_VERSION__: string;

export const VERSION: string = __CODEINDEX_VERSION__;
/** Bump when extraction output changes: an index built by another number is rebuilt on open. */
export const EXTRACTION_VERSION = 66;
