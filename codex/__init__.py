"""Codex: the engine that turns YAML rules data and Markdown pages into a bilingual MkDocs site. It knows no rule."""
