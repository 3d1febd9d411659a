"""The component registry: the calculators and the combat trackers of the rules package `calculators/`, found by
the declarations their modules hold (no list of them is kept anywhere), each kind declaring what differs.

`package` reads the rules package (its files, what each module imports, the modules the browser loads for one);
`registry` finds the modules holding a kind's declaration, checks them against the kind's JSON Schema (from the
dataset's own data folder) and forgets them all after an edit under `mkdocs serve` (`forget_components`);
`calculators` and `trackers` are the two kinds: their declarations checked against their texts and data, the data
each one reads, their order on the GM tools page.
"""
