"""The adapter: the one package of the engine that imports MkDocs (and the Material theme). Its plugin translates
MkDocs' build events into calls on the engine, which takes and returns plain values (paths, URLs, strings, lists)."""
