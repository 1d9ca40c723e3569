"""The thesaurus index's first build: one process builds it while others wait; a damaged one
is built again (the build itself is faked here: the real one takes a minute); GCIDE's files
as the build reads them."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import sqlite3
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cryptic import thesaurus as th
from cryptic.lookup import index
from thesaurus.layout import CODES


def fake_build(calls):
    def build(path):
        with open(calls, "a") as f:
            f.write("x")
        time.sleep(0.5)
        path.mkdir(parents=True)
        db = sqlite3.connect(path / "lexicon.sqlite")
        db.executescript("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('complete', 'yes');")
        db.commit()
        db.close()
        return path

    return build


def test_concurrent_first_runs_build_the_index_once(tmp_path, monkeypatch):
    monkeypatch.setenv("CRYPTIC_CACHE", str(tmp_path / "cache"))
    calls = tmp_path / "calls"
    monkeypatch.setattr("thesaurus.build.build", fake_build(calls))
    workers = [multiprocessing.get_context("fork").Process(target=th.folder) for _ in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(30)
    assert [w.exitcode for w in workers] == [0, 0, 0]
    assert calls.read_text() == "x"


def test_a_damaged_index_is_built_again_with_one_message(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CRYPTIC_CACHE", str(tmp_path / "cache"))
    calls = tmp_path / "calls"
    monkeypatch.setattr("thesaurus.build.build", fake_build(calls))
    folder = th.folder()
    (folder / "lexicon.sqlite").write_bytes(b"not a database")
    index._connection.cache_clear()
    try:
        db = index._connection(-1)
        assert db.execute("SELECT value FROM meta").fetchone() == ("yes",)
    finally:
        index._connection.cache_clear()
    assert calls.read_text() == "xx"
    assert capsys.readouterr().err.count("is damaged; building it again") == 1


def test_the_builds_chunked_map_keeps_order_in_processes_and_alone(monkeypatch):
    import multiprocessing

    from thesaurus.build import in_chunks

    items = list(range(100))
    assert [x for chunk in in_chunks(sorted, items) for x in chunk] == items
    monkeypatch.setattr(multiprocessing.current_process(), "_config", {**multiprocessing.current_process()._config, "daemon": True})
    assert multiprocessing.current_process().daemon  # as in a Dask worker: no children allowed
    assert [x for chunk in in_chunks(sorted, items) for x in chunk] == items


def test_gcide_senses_are_read_from_the_packages_json_files(tmp_path):
    from thesaurus.gcide import definitions

    entry = {"pos": [{"definitions": [{"text": "A three-legged stand for a camera."}, {"text": " "}, {"no": "text"}]},
                     {"definitions": [{"text": "Anything on three feet."}]}]}  # fmt: skip
    (tmp_path / "words_T.json").write_text(json.dumps({"tripod": entry, "odd": "not an entry"}), encoding="utf-8")
    (tmp_path / "words_A.json").write_text(json.dumps({"apse": {"pos": [{"definitions": [{"text": "A recess."}]}]}}), encoding="utf-8")
    assert list(definitions(tmp_path)) == [("apse", "A recess."), ("tripod", "A three-legged stand for a camera."), ("tripod", "Anything on three feet.")]


def test_a_corrupt_gcide_file_stops_the_build_with_one_message_naming_it(tmp_path):
    from thesaurus.gcide import GcideMissing, definitions

    (tmp_path / "words_A.json").write_text('{"apse": ', encoding="utf-8")
    with pytest.raises(GcideMissing, match=r"words_A\.json is unreadable.*pip install"):
        list(definitions(tmp_path))


def test_the_installed_gcide_is_found():
    from thesaurus.gcide import source_dir

    assert (source_dir() / "words_Z.json").is_file()


def test_concurrent_processes_copy_wordnet_once_whole(tmp_path, monkeypatch):
    from thesaurus.wordnet import WORDNET_FILES, normalised_dir

    monkeypatch.setenv("CRYPTIC_CACHE", str(tmp_path / "cache"))
    replace = os.replace
    monkeypatch.setattr(os, "replace", lambda *paths: (time.sleep(0.5), replace(*paths)))  # all three copy before one is in place
    context = multiprocessing.get_context("fork")
    together = context.Barrier(3)

    def copy():
        together.wait(10)
        normalised_dir()

    workers = [context.Process(target=copy) for _ in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    assert [w.exitcode for w in workers] == [0, 0, 0]
    folder = tmp_path / "cache" / "wordnet-3.0"
    assert all((folder / f).is_file() for f in WORDNET_FILES)
    assert b"\r\n" not in (folder / "data.adv").read_bytes()


relation_codes = st.sampled_from(sorted(CODES))
edges = st.lists(st.tuples(st.sampled_from("abcde"), st.sampled_from("vwxyz"), relation_codes), max_size=40)


@given(edges, st.integers(0, 3))
def test_relations_merged_from_shares_keep_the_strongest_code_however_split(edges, shares):
    from thesaurus.build import merged, relate

    whole: dict = {}
    for edge in edges:
        relate(whole, *edge)
    split: list[dict] = [{} for _ in range(shares + 1)]
    for k, edge in enumerate(edges):
        relate(split[k % len(split)], *edge)
    assert merged(split) == whole
    assert all(code == min((c for p, a, c in edges if (p, a) == (phrase, answer)), key=CODES.index) for phrase, row in whole.items() for answer, code in row.items())


@given(edges)
def test_graph_rows_list_each_phrase_s_answers_by_strength_then_name(edges):
    from thesaurus.build import graph_rows, relate

    related: dict = {}
    for edge in edges:
        relate(related, *edge)
    names = sorted({p for p, _, _ in edges} | {a for _, a, _ in edges})
    ids = {name: i for i, name in enumerate(names)}
    indptr, answers, codes = graph_rows(related, ids)
    for name, i in ids.items():
        row = [(CODES[c], names[a]) for a, c in zip(answers[indptr[i] : indptr[i + 1]], codes[indptr[i] : indptr[i + 1]])]
        assert row == sorted(((c, a) for a, c in related.get(name, {}).items()), key=lambda pair: (CODES.index(pair[0]), pair[1]))


def fails():
    raise OSError("disk full")


def test_work_set_aside_in_a_process_reports_its_failure_in_one_line():
    from thesaurus.build import aside

    with pytest.raises(RuntimeError, match="^OSError: disk full$"):
        with aside(fails):
            pass
    with aside(time.sleep, 0.01):
        pass


def test_dictionary_headwords_english_still_uses_are_answers():
    from thesaurus.build import dictionary_words

    senses = [(("impi", "impi"), "A body of warriors.", "gcide"), (("stond", "stond"), "Stand.", "gcide"), (("coal-meter", "coalmeter"), "A meter.", "gcide")]
    assert dictionary_words(senses) == {"impi"}  # "stond" is obsolete (no use today); hyphened heads are left to the sources
    assert th.is_word("IMPI") and th.is_word("HELLENIST") and not th.is_word("STOND")


def test_past_clues_answers_are_words_with_their_breaks():
    from cryptic.lexicon import past_answers
    from cryptic.parse import parse_enumeration

    broken = [a for a in past_answers() if " " in a or "-" in a][::40]
    assert len(broken) > 50
    for answer in broken:
        enum = "(" + re.sub(r"[a-z]+", lambda m: str(len(m.group())), answer).replace(" ", ",") + ")"  # red-letter day: (3-6,3)
        assert th.is_word(th.letters_of(answer), parse_enumeration(enum)), (answer, enum)


def test_what_is_kept_beside_the_index_is_made_once_and_again_when_damaged(tmp_path, monkeypatch):
    import thesaurus.paths

    monkeypatch.setattr(thesaurus.paths, "index_path", lambda: tmp_path / "index-v0-test")
    source = tmp_path / "table.tsv"
    source.write_text("tea\tCHAR\n")
    made = []
    make = lambda: made.append(1) or {"tea": "CHAR"}  # noqa: E731
    assert index.kept_beside("tea", source, make, dict) == {"tea": "CHAR"} and len(made) == 1
    assert index.kept_beside("tea", source, make, dict) == {"tea": "CHAR"} and len(made) == 1  # read, not made
    (kept,) = tmp_path.glob("index-v0-test-tea-*.pickle")
    kept.write_bytes(b"\x80\x05garbage")
    assert index.kept_beside("tea", source, make, dict) == {"tea": "CHAR"} and len(made) == 2  # damaged: made again
    source.write_text("tea\tCUPPA\n")  # a changed source is another file
    index.kept_beside("tea", source, make, dict)
    assert len(made) == 3 and len(list(tmp_path.glob("index-v0-test-tea-*.pickle"))) == 2


def test_moby_s_antonyms_are_not_its_synonyms(tmp_path):
    from cryptic.parse import parse_enumeration
    from thesaurus.build import antonyms, moby_relations
    from thesaurus.wordnet import normalised_dir, read_wordnet

    opposites = antonyms(read_wordnet(normalised_dir()))
    assert {("wide", "narrow"), ("narrow", "wide"), ("odd", "even")} <= opposites and ("wide", "broad") not in opposites
    moby = tmp_path / "words.txt"
    moby.write_text("wide,broad,narrow,spacious\n", encoding="latin-1")
    kept = {(a, b) for a, b, _ in moby_relations(moby, opposites=opposites)}
    assert ("wide", "broad") in kept and ("spacious", "wide") in kept
    assert ("wide", "narrow") not in kept and ("narrow", "wide") not in kept
    assert "NARROW" not in {c.letters for c in th.definitions("wide", parse_enumeration("(6)"), deep=False)}  # the index's Moby too
