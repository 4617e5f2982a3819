"""The Jianghu Codex build pipeline: rules data in, Markdown and HTML out. No MkDocs imports."""
