// assets/codex/runtime.mjs, written by the build (hooks/codex/runtime.py runtime_module): the engine's
// addresses (absolute URLs on the site's origin), its download size and Pyodide's lock file facts.
// BUNDLE is the engine's core; GAMES each game's own code, fetched for the pages of that game.
// tsconfig's rootDirs lay this folder over docs/assets, so `../codex/runtime.mjs` finds it.
export const BUNDLE: string;
export const GAMES: Record<string, string>;
export const GAME_BYTES: Record<string, number>;
export const PYODIDE: string;
export const STDLIB: string;
export const WORKER: string;
export const BYTES: number;
export const STDLIB_FILES: number;
export const LOCKFILE: import("pyodide").Lockfile; // its info, and no package (the engine loads none)
// The engine's memory snapshot (hooks/codex/snapshot.py): its address, and the SHA-256 of its bytes (hex).
export const SNAPSHOT: string;
export const SNAPSHOT_SHA256: string;
// Where the worker writes the core bundle and each game's code in Pyodide's file system.
export const FILES_AT: { core: string; games: Record<string, string> };
