"""Render: data as HTML and Markdown in the page's language, for the page macros."""
