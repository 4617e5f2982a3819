// assets/javascripts/workbox-window.mjs is copied into the site by the build (hooks/mkdocs_codex.py)
// from the pinned workbox-window package: its own types.
export * from "workbox-window";
