"""The modules of scripts/thirdparty/reference.py (its docstring documents them): corpus (models.tsv and
the paths), analysis (the flatbuffer), inputs, child (one model in its own process) and parent."""
