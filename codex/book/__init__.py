"""The rulebook as a typeset PDF per language (issue 16): `python -m codex.book LANG OUT.pdf [--paper a4|letter]
[--site DIR]`. The book is made from the built site's rulebook page (codex/publish/rulebook.py), so it holds the
same text as the site and no second copy of it: `source` reads that page and cuts it into the navigation's parts,
`typeset` puts it into the book's template and sets it with WeasyPrint (book.css, the fonts of fonts/)."""
