"""The kinds of data file, each named once: a data file names its kind's JSON Schema (data/schemas/) on its first
line, and the engine finds the files of a kind by that name (`Dataset.of_kind`, `Dataset.by_id`). The calculators'
and trackers' declarations have their schemas too."""

TABLE = "table.schema.json"
CONDITIONS = "conditions.schema.json"
ACTION_KINDS = "action-kinds.schema.json"
GLOSSARY = "glossary.schema.json"
OPEN_QUESTION = "open-question.schema.json"
DOCUMENTS = "documents.schema.json"
UI = "ui.schema.json"
GM_SCREEN = "gm-screen.schema.json"
LEFT_OUT = "left-out.schema.json"
ENGLISH_STYLE = "english-style.schema.json"
SPELLS = "spells.schema.json"
CALCULATOR = "calculator.schema.json"
CALCULATOR_DECLARATION = "calculator-declaration.schema.json"
TRACKER_DECLARATION = "tracker-declaration.schema.json"
