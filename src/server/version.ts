// The package version, inlined by esbuild from package.json at build time.
import pkg from '../../package.json';

export const VERSION: string = pkg.version;
/** Bump when extraction output changes: an index built by another number is rebuilt on open. */
export const EXTRACTION_VERSION = 1;
