"""The source documents' own words: finding a quoted passage in a seed (data/seeds/), saying where a mistyped one
probably is, and which paragraphs of the seeds nothing on the site cites (issue 25: provenance and coverage)."""
