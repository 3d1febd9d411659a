"""The source documents' own words: finding a quoted passage in a seed (data/seeds/) and saying where a mistyped one
probably is (issue 25: provenance). Which paragraphs nothing on the site cites: codex/mistakes/source_coverage.py."""
