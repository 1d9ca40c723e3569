"""The thesaurus lookups, one module a topic; cryptic.thesaurus names them for the rest of the
program."""
