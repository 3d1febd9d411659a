"""Data: load data/ files, validate them against their JSON Schemas, check ids and references, locate errors."""
