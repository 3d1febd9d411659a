"""The files the reader's browser loads to run the calculators and trackers, and the addresses the pages name them
by: the rules modules as bytecode (`bytecode`) and each module's and data file's address, its name with its
content's digest (`addresses`). Below codex.render, which writes the addresses into the pages, and codex.publish,
which writes the files at those addresses."""
