"""Publish: what the build writes beside the pages (downloads, calculators, rulebook, search folding, web app)."""
