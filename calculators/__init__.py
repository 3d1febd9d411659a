"""The rules code: pure calculator functions that CPython (tests, build) and MicroPython (the reader's browser) run
unchanged. Each module takes its rule tables as arguments and never reads a file."""
