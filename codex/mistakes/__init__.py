"""The checks layer: what a contributor can get wrong, found where it was made and said with its fix. The data
against the pages and the seeds (data_checks, run once the data has loaded), the macro calls of a page
(macro_calls), the pages of one language without their twin, the navigation of the two languages and the open
questions no page shows (twins), active content (active_content), MkDocs' own warnings mapped back to
the file and line (build_warnings), the terminology and the English style, the quotations and the author's words,
and which paragraphs of the seeds the site cites (source_coverage). The files, schemas, ids and references between
data files are checked by codex.data as they load."""
