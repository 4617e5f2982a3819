// Globals the page scripts read or set (checked by tsc, never shipped: this folder is outside docs/).

interface Window {
  /** codex.mjs's state: read by the project's benchmark and browser tests. */
  __codex?: import("../docs/assets/javascripts/codex.mjs").CodexState;
  /** offline.mjs's state: read by the project's browser tests. */
  __codexOffline?: import("../docs/assets/javascripts/offline.mjs").OfflineState;
  /** link-gm.mjs, once loaded: the GM's links, read by the project's browser tests. */
  __codexLink?: { dropped(): number; states(): string[]; sendRaw(text: string): void; lose(): void };
  /** join.mjs, on the page "Join a table": read by the project's browser tests. */
  __codexJoin?: { dropped(): number; heard(): string[]; sendRaw(text: string): void; spare(): boolean };
  /** mkdocs-material's instant navigation: emits once per page shown. */
  document$?: { subscribe(next: () => void): unknown };
  /** The engine's worker as the page's head started it (hooks/codex/engine-start.js), until codex.mjs adopts it. */
  codexEarlyEngine?: EarlyEngine;
}

/** The engine's worker started from the page's head, and what it said before the page listened. */
interface EarlyEngine {
  worker: Worker;
  startedAt: number;
  early: MessageEvent[];
  failed: ErrorEvent | null;
  keep(event: MessageEvent): void;
  fail(event: ErrorEvent): void;
}

/** mkdocs-material's storage helpers (its partials/javascripts/base.html, inline in every page's head). */
declare function __md_get(key: string): unknown;
declare function __md_set(key: string, value: unknown): void;
