"""The rules diff engine: what changed in the rules between two commits, as rules (a table's cell, a condition's
effect, an open question's decision, a page's section...), in every language of the site.

`snapshot` reads the rules as of a commit or the working tree, `diff` compares two snapshots into `Change`s
(`model`), `describe` writes one change as a Markdown line in a language."""
