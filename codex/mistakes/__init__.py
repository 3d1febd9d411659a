"""What a contributor can get wrong in a page or between pages, found where it was made and said with its fix: the
macro calls of a page (macro_calls), the pages of one language without their twin and the navigation of the two
languages (twins), the open questions no page shows (questions_shown), and MkDocs' own warnings mapped back to the
file and line (build_warnings). Data files are checked by codex.data."""
