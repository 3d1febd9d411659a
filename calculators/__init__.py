"""The rules code: pure calculator functions that CPython (tests, build) and MicroPython (the reader's browser) run
unchanged. A module that holds a DECLARATION is a calculator (its id, rule, tables, inputs, outputs and reference
table, in plain data); it takes its rule tables, texts and constants as arguments and never reads a file."""
