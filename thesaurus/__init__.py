"""The offline thesaurus: WordNet 3.0 (through nltk), Moby, inflections and word frequencies,
compiled once into a compact SQLite index (thesaurus.build) that cryptic.thesaurus queries."""
