// assets/codex/runtime.mjs, written by the build (hooks/codex/runtime.py runtime_module): the engine's
// addresses (absolute URLs on the site's origin), its download size and Pyodide's lock file facts.
// tsconfig's rootDirs lay this folder over docs/assets, so `../codex/runtime.mjs` finds it.
export const BUNDLE: string;
export const PYODIDE: string;
export const STDLIB: string;
export const WORKER: string;
export const BYTES: number;
export const STDLIB_FILES: number;
export const LOCKFILE: import("pyodide").Lockfile; // its info, and no package (the engine loads none)
