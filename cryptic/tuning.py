"""The numbers that tune the solver by hand, each with the evidence that set it (fitted
weights are data: corpora/*.json). One place to read them all; each module imports its own.
Where a line says "hand-set", no measurement backs the number yet."""

# ---------------------------------------------------------------- cryptic/beliefs.py

# Each clue's answer is uncertain: its candidates hold most of the chance (their scores,
# about the chance each is right), and every other word of its length and word breaks shares
# the rest. Crossing entries must agree on their shared cells. Loopy belief propagation
# (as Proverb solved the New York Times puzzles) passes each clue's belief about its letters to
# the clues crossing it, so a weak candidate that agrees with its crossers rises and one
# that clashes with sure answers falls, without committing to any answer early: a wrong
# answer placed first would feed wrong letters to every crossing clue.
MASS = 0.95  # most of a clue's chance its candidates may hold: the answer may be none of them

# A word outside the candidates weighs LEXICON_BASE ** its Zipf frequency (a word's share of
# the words fitting true crossing letters, so weighted, matched how often it was right).
# The loop as a whole (seven cryptic, tenth session): 59.9% of cells at 2, 62.0% at 2.5,
# 60.1% at 3. Since the candidates have grown (eighteenth session), flatter is better: 582
# cells at 0.8, 586 at 1.0 and 1.1, 585 at 1.25, 582 at 1.5, 579 at 2, 581 at 2.5; the
# lexicon's common words, fitting each other, had outweighed the clues' own answers.
LEXICON_BASE = 1.1

# A candidate's chance is scaled by this when the lexicon spells it only with other word
# breaks than the enumeration's (REQUIRED for (2,6), ACHING for "(1,5)"): scored down by the
# solver or not, a grid's crossers pull such answers in (seven cryptic puzzles, eleventh
# session's code: three chosen so, all wrong; OF COURSE and GREASEPAINT were candidates).
MISFIT_IN_GRID = 0.01
ITERATIONS = 30  # rounds of belief propagation (hand-set)
DAMPING = 0.5  # each message keeps half its old value: loopy propagation can oscillate
BELIEFS = 5  # each clue's likeliest answers offered to the fill


# ---------------------------------------------------------------- cryptic/caches.py

# Collections of the middle generation between two full collections (Python's default: 10).
# At 10, full collections took a fifth of the solver's time (60 clues of cryptonite-dev's
# rows 1-1,000 solving in 0.2-0.5 s: 18 of them, 3.5-3.9 s of 21-24 s); at 100, one or two
# (0.2-0.5 s).
FULL_COLLECTION_EVERY = 100

# ---------------------------------------------------------------- cryptic/clues.py

MAX_CANDIDATES = 25  # a clue's answers kept for the puzzle loop (hand-set)

# Definition-only answers from only the first few of each definition's candidates: deeper
# ones (which the clue solver alone ranks well by partial wordplay) give the weighted fill
# wrong words that fit each other (guardian-cryptic and ftimes_17095: 178 of 301 cells
# right at 3, 155 at 40 after the first pass, 93 at 40 throughout).
PUZZLE_DEPTH = 3

FITTING = 10  # candidates kept from each re-solve with crossing letters

# A plain clue's definitions score alike, and its answer is often deep among them. Belief
# propagation weighs many against the crossers (guardian-speedy 124 of 124 cells with 100,
# 120 with 25); the earlier greedy fill was lost among them (guardian-quick 23% with 25, 9% with 60).
PLAIN_CANDIDATES = 100

# A word that fits the crossing letters, found by no relation, whose glosses use some of a
# plain clue's words ("Line created by rising and falling water", T?D?M?R?: TIDEMARK, "a
# line at the high-water or low-water limits of the tides") is likelier than one that fits
# them only: its chance is this times the share of the clue its glosses use.
GLOSSED_FIT = 0.05
# Such words are read only when at most this many fit the crossing letters: at FITTING_WORDS
# (150) lr-325q-quick lost 17 of its 110 cells (more words whose glosses happen to share a word).
GLOSSED_FITTING = 60

# How much a plain answer's commonness counts against its strength in the order its rank is
# read from: the ratio of the answer score's weights when corpora/plain.json was fitted on
# that rank (0.398 / 2.513); the cryptic score's own refit must not reorder plain answers
# (with its 1.13 / 2.64, lr-325q-quick lost 25 of 88 cells).
PLAIN_FREQUENCY = 0.158


# ---------------------------------------------------------------- cryptic/cluster.py

CHUNK = 4  # lines a task: the per-task cost (~2 ms) is under 2% of a median clue's 0.16 s
AHEAD = 3  # chunks queued a worker, so none waits for the next while the client reads a slow one
CONNECT_SECONDS = 10  # how long to try to reach a scheduler before giving up
POLL_SECONDS = 5  # how often a wait for a chunk checks that the scheduler is still there
WORKERLESS_SECONDS = 60  # how long a batch waits on a scheduler with no workers before giving up
RETRIES = 2  # re-runs of a chunk whose task raised (a worker's death is the scheduler's to handle)


# ---------------------------------------------------------------- cryptic/coverage.py

MAX_RUN = 3  # words one piece may stand for ("the French" -> LA, LE, LES)

# Shorter anagrams and reversals match too many substrings by chance (IN -> NI, "in to" -> TION)
MIN_ANAGRAM = 4
MIN_REVERSED = 3  # the same for reversals
SINGLE = 1 / 3  # a one-letter piece: an abbreviation fits most answers somewhere

# So does a piece that function words alone stand for (IN for "with", RE for "of"): among the
# top five answers of 1,000 cryptonite-dev clues, those with one are right half as often as the rest.
# A reversal counts half its letters: with no indicator, reversed synonyms fit wrong answers
# as often as right ones (so did any word's initial, which is no piece at all).
REVERSED = 0.5


# ---------------------------------------------------------------- cryptic/derive.py

MAX_REMOVED = 4  # letters a subtraction takes away
MAX_EVALUATED = 3000  # outputs of a sub-tree tried when checking an answer against it
SECOND_DEFINITION = 0.51  # a direct relation: above a derived form (0.5) and a content word's (PART, at most 0.5)
INDEXED = 5_000  # body outputs read once to answer every target of a one-child node
LOOSE_PIECE = 3  # the shortest piece a synonym of a synonym may give ("seal" -> CAP)


# ---------------------------------------------------------------- cryptic/forest.py

# Only one-letter words are Literal leaves ("a", "I"); a short word used as itself ("on" ->
# ON) is one of its own synonyms instead, so that each such word adds one reading, not two.
MAX_LITERAL = 1
MAX_CONNECTOR_WORDS = 2  # "and", "next to"
# A composite anagram's piece (Mixed) is read from this many words at most: of 148 such
# anagrams in wordplay-train, the piece is nearly always an abbreviation, a letter or a short
# word (H, D, I AM, T) named in one to three words ("hard", "start of computer").
MIXED_PIECE_WORDS = 3
# Its fodder has this many letters at least: on cryptonite-dev rows 1-2,000, readings of
# four-letter fodder put 9 wrong answers first (HADRON: "hard when anxious") for one right.
MIXED_FODDER = 5


# ---------------------------------------------------------------- cryptic/grid.py

SMALL = 32  # domains this small are read word by word in letters_at


# ---------------------------------------------------------------- cryptic/lexicon.py

MAX_INDICATOR_WORDS = 4  # the longest indicator phrase read, in words (hand-set)
INDICATOR_CACHE = 200_000  # (kind, phrase) answers kept: a clue asks 25,000 times, about 300 of them new (cryptonite-dev rows 1-1,000: median 0.459 -> 0.391 s)

# An indicator read off past clues is used when it signalled its kind at least twice, in at
# least a tenth of the clues it occurs in (so "a", an insertion in 20 of 8,380, is not one), and
# at least half as often as the kind it signalled most ("accidentally": anagram 9, first 2).
# A fifth kept out "during" (insertion, 42 of 287), "wearing" and "version": at a tenth,
# cryptonite-dev rows 1-1,000 gained 4 clues and lost none; rows 1,001-2,000 (not read) gained 3, lost 1.
MIN_SIGNALLED = 2
MIN_RELIABILITY = 0.1
MIN_SHARE_OF_BEST = 0.5


# ---------------------------------------------------------------- cryptic/lookup/answers.py

COMPOUND_PIECE = 3  # the shortest word an opened compound splits into
COMMON = 3.0  # Zipf frequency above which a word-frequency list's entry counts as a word


# ---------------------------------------------------------------- cryptic/lookup/definitions.py

GLOSS_PIECE = 3  # the fewest words a wordplay piece is read by its gloss
QUALIFIED = 0.6  # "young boy" -> LAD: the noun's relations count this much (hand-set; QUALIFIERS in lookup/definitions.py)
CONTRACTED = 0.9  # a contraction read as its letters ("we'll" -> WELL) counts this much (hand-set)

# Setters' own short synonyms ("rubbish" -> TAT, "a long time" -> ERA, "American dad" ->
# POP), listed with the substitutions: those that are words define too.
LISTED = 0.7
LISTED_SHORTEST = 3  # shorter entries are abbreviations (DR, MO), not words

# Past clues' wordplay pieces (tea -> CHAR) stand beside the thesaurus's synonyms.
PAST_PIECE = 0.8
CLIPPED = 0.7  # a kind named without its kind's word counts this much of the kind's relation
AGENT = 0.5  # "someone who cuts" -> PRUNER: a doer named from a synonym of the deed ranks, but never verifies
SUPPORT_BITS = (1 << 12) - 1  # far answers' support as a sort key, at most this
FORM_GROWTH = 3  # letters an inflection or a derived form adds: TIGHT, tightly; DRINK, drinking


# ---------------------------------------------------------------- cryptic/lookup/glosses.py

# A phrase that says what WordNet's gloss of an answer says ("Fruit of the oak" -> ACORN,
# "a smooth thin-walled nut"; "Relating to a wolf" -> LUPINE): nearly all the phrase's words,
# by rarity, and at least two of them, in the gloss. Less lets long spans of a cryptic clue
# ("walked making a noise") match some gloss of the right length.
GLOSS = 1.0  # the strength of a gloss that uses all the phrase's words

# A gloss of one content word matched by a phrase of one ("in that place": THERE, but also
# HENCE, "from this place") suggests rather than says.
GLOSS_LONE = 0.7
GLOSS_COVER = 0.75  # the least share of the phrase's words (each weighed by its rarity) a gloss must use
VERB_PHRASE = 3  # longer phrases read as verbs matched unrelated glosses ("writes about greek goddess and roman": FATHERS)
GLOSS_SYNONYM = 0.5  # a phrase word a gloss uses only through a synonym counts for this much of its weight
GLOSS_SYNONYMS = 20  # the strongest single-word synonyms of a phrase word looked for in glosses


# ---------------------------------------------------------------- cryptic/lookup/retrieval.py

# BM25 over glosses (WordNet's and GCIDE's), with the past definitions' settings (BM25_K1, BM25_B):
DERIVED_TERM = 0.6  # a gloss using a word derived from the phrase's (lebanese: lebanon) counts it for this much
# A description read as the first half of a double definition (its wordplay a lone synonym)
# counts only when its gloss says most of it (share 0.6): below it, spans like "gist of laudatory
# ode loudly" (TROLL, 0.13) beat the hidden YODEL in deits-known; LIGHTER for "having unloaded" is 0.39.
DESCRIBED_SECOND = 0.3
SYNONYM_TERM = 0.4  # and one using a strong synonym of it (vessel: boat) for this much
RETRIEVED = 0.5  # strength of an answer whose gloss uses every word of the phrase (at average length): it ranks, never verifies alone
RETRIEVED_LEAST = 0.1  # the least share of a full match's score a gloss must score to be read
RETRIEVED_TOP = 50  # answers a plain clue's retrieval yields at most, after the enumeration's filters
RETRIEVED_NEAR = 15  # and a definition's, among its other answers (50 cost 40% more solve time on cryptonite-dev;
# 25: cryptonite-dev rows 1-1,000 top-1 +4 -0, rows 1,001-2,000 +2 -1, but alberich 77 -> 66 cells, twice)
# The answers are chosen among the RETRIEVED_POOL best by BM25, by their share times 1 + MEANING_WEIGHT
# times their cosine with the phrase (similar.py's word vectors). Held-out multi-word definitions
# (wordplay-train rows 1-1,000) with their answer among the first 15 retrieved: rows 1-500, where the
# weight was chosen, 51 -> 64 of 232 (1: 61, 4: 64; the share plus the cosine: 62); rows 501-1,000,
# 54 -> 65 of 234. A sum let the cosine outweigh a long clue's low shares (REFLEXIVE lost to EDUCATION).
RETRIEVED_POOL = 300
MEANING_WEIGHT = 2.0


# ---------------------------------------------------------------- cryptic/lookup/relations.py

INFLECTED = 0.9  # a match through an inflection (drains -> DRAIN -> SEWERS) counts a little less
INFLECTION_GROWTH = 4  # letters an inflection adds at most (-ing, -ies)
PART = 0.5  # an answer related to one content word of an unknown phrase
MAX_COMPOSED = 4  # longer unknown phrases are not read word by word
# A word the thesaurus does not know is read as its commonest known neighbour one edit away
# only from this length: a known word of 6 letters has a median of 3.5 known words one edit
# away, of 7 letters 2, of 10 letters 1 (200 of each length among the graph's phrases).
RESPELT_LEAST = 7
TWO_HOP = 0.3  # an answer related to a synonym of the phrase
# ... through FAR_SUPPORTED of the phrase's synonyms or more; through one, FAR_LEAST of it (set
# beforehand, not tuned: cryptonite-dev rows 1-1,000 and 1,001-2,000 gained 5 and 6 clues, lost 2 each).
FAR_SUPPORTED = 8
FAR_LEAST = 0.5
COMPOUND = 0.45  # a compound of synonyms of a phrase's two words (POSTMASTER: "delivery supervisor"), at most: below a verified definition
COMPOUND_PART = 3  # letters each part has at least: shorter synonyms are abbreviations (P for "post")
AGREED = 0.5  # the most an answer both words of an unknown phrase lead to counts: never a verified definition alone
PARTS_MISMATCH = 0.3  # SUPPORTER for (5,4): right letters, but no spelling has those word breaks


# ---------------------------------------------------------------- cryptic/parse.py

MAX_WORDS = 60  # the longest clue read, in words (hand-set; printed clues stay far below it)


# ---------------------------------------------------------------- cryptic/past.py

# A clue end past clues used as the answer's definition (ranking feature `defined`): spans up
# to six words, as the miner keeps them; full at five past clues (97% of definitions.tsv's
# pairs are counted once, 154 three times or more, the most six).
DEFINED_WORDS = 6
DEFINED_FULL = 5

BM25_K1 = 1.2  # the usual BM25 constants (Robertson and Zaragoza), for past definitions and glosses alike
BM25_B = 0.75

# A guess is at most this strong: below a direct relation (derive.SECOND_DEFINITION, 0.51),
# so that a guess never verifies an answer alone.
GUESSED = 0.45

# With letters given, a definition's answers also include those nearest it in meaning that fit
# them (cryptic.lookup.similar), this strong times the cosine: below a guess, never verified
# alone. MEANING_NEAR of them a definition.
NEAR_MEANING = 0.4
MEANING_NEAR = 10
NEIGHBOURS_SORTED = 4  # the answers a neighbours() call sorts first, for each it gives (word breaks and own forms pass over some)

# The least share of the phrase's content words (each weighed by its rarity) an answer's past
# definitions must use: fewer let any answer defined with a common word in.
MIN_COVER = 0.6
MAX_GUESSES = 30  # answers the past-definition guesser offers a phrase (hand-set)


# ---------------------------------------------------------------- cryptic/prune.py

REMOVED_TRIED = 60  # of a subtraction's part's outputs (before: 300, and a few clues spent their whole budget on one reading)
FEW = 300  # a sub-tree with fewer outputs than this is checked output by output
SHORT_PIECE = 3  # a synonym piece beside an anagram is taken to be this short at most (I, ST, IRE)
MAX_BAGS = 400  # letter bags a tree may have before it is not worth looking up


# ---------------------------------------------------------------- cryptic/puzzle.py

# The loop: believe, fill, then re-solve every clue not yet sure of its answer with the
# letters its surer crossers put in its cells; the answers found that way join its candidates.
ROUNDS = 8
# Seconds for a whole puzzle unless the caller says: every dev puzzle filled the same cells at 55
# as at 120, the slowest 15x15 in 52 s, not 75 (at 40 guardian-cryptic lost 17 cells, quiptic 5).
PUZZLE_TIMEOUT = 55.0
# Each clue's first solve may take this share of the puzzle's budget, spread over the clues and
# the processes (0.6: 20 synthetic puzzles 1,235 -> 1,244 cells, two puzzles changed, 26% slower),
# within these seconds a clue (hand-set); the re-solves of a round share this much of what is left
# (hand-set), each at least RESOLVE_LEAST seconds.
FIRST_SOLVE_SHARE = 0.4
CLUE_SECONDS = (0.5, 8.0)
RESOLVE_SHARE = 0.5
RESOLVE_LEAST = 0.3
# A weighted fill's deadline, as a share of the budget: a safety net (FILL_STEPS ends the search).
FILL_SHARE = 0.05
REFILL_SHARE = 0.02  # the open lights' refill at the end
SURE = 0.9  # a clue believed this much is not re-solved
KNOWN = 0.5  # a crossing answer believed this much lends its letters to a re-solve's pattern
TRUST_CAP = 0.9  # the most a named answer is trusted when a clue is read with it written in

# A loop can settle on a fill its clues hardly support (guardian-quick: its beliefs, not its
# candidates, lost it): unless it believes most of its cells, the fill straight from each
# clue's first candidates, weighed by log-odds, replaces it when the clues' own scores make it likelier.
# Mean belief per cell of the eleven dev puzzles' loop fills: 0.21-0.36 where the straight fill was
# better (guardian-quick 67 cells against 15), 0.79-0.98 where the loop was (lr-325q 140 against 75)
# or both were the same; alberich's 0.56 was one cell either way.
BELIEVED_FILL = 0.5
DIRECT_CANDIDATES = 30
DIRECT_FLOOR = 8.0  # a candidate's weight: its log-ratio to its clue's average candidate, plus this (kept above 0)
UNSUPPORTED = 1e-4  # the chance a clue gives a word not among its candidates

# The weighted fills stop after this many search nodes (their deadline only guards a slow
# machine): cut by the clock, guardian-quick's direct fill, which seldom finishes, gave 10%,
# 32% and 49% of cells on three runs of the same code.
FILL_STEPS = 100_000


# ---------------------------------------------------------------- cryptic/puzzle_files.py

# Plain clues are a word or two ("Contraption", "Secret scheme"); cryptic ones carry wordplay
# as well. Of the nine puzzles in ../shared, the plain ones' clues have a median of two words,
# the cryptic ones' five to seven, and a "mini cryptic" of two-word plain clues two.
PLAIN_WORDS = 3
MAX_SIDE = 50  # a puzzle grid's longest side: printed grids run to 23 (jumbos); a file saying more is wrong


# ---------------------------------------------------------------- cryptic/rank.py

DEFAULT_TIMEOUT = 10.0  # seconds a clue may take unless the caller says (the commands' default)

# A few readings need seconds to check every candidate; each may take only this share of
# the time left (and at least MIN_READING seconds), so that they do not starve the rest.
READING_SHARE = 0.2
MIN_READING = 0.2

# Setters reuse answers: 61% of cryptonite-dev's first 1,000 answers answered past clues,
# 45% of the wrong answers ranked first. Its share is the log of that count, full at PAST_FULL.
PAST_FULL = 10

# A definition-only answer is looked for this deep among its definition's candidates, for
# ones the rest of the clue partly spells.
DEFINITION_DEPTH = 40
STRONGEST = 3  # a definition's candidates offered with no wordplay to back them
# The longest definition the cryptic solver asks the glosses and the reverse dictionary about:
# 97% of wordplay-train's definitions have at most five words, no right answer of cryptonite-dev
# rows 1-1,000 or 2,001-3,000 came from a longer one's gloss, and longer spans were a third of the queries.
# With given letters every span is asked: a quarter shown, rows 1-1,000 lost three (HORSEBACK) without.
DESCRIBED_WORDS = 5

# An answer the lexicon spells only with other word breaks than the enumeration's is seldom
# right (WISHFULFILLING for (9,5): of cryptonite-dev's first 1,000 clues, 195 have several
# words, and 55 of their top answers were such, one right); its score is scaled by this.
MISFIT_SCORE = 0.1
# An answer that is a clue word of four letters or more, or a form of one, scores this share
# ("Tightly shut" is not TIGHT; "where film star performs" not START): shorter words are pieces
# ("for": FORD). Wordplay-train rows 1-1,000 +3 -0; cryptonite-dev rows 1-1,000 and 1,001-2,000
# +0 -0, where 6 and 8 such first answers (NUMBERS for "numbers", HOUSES) gave way to other wrong ones.
ECHO_LETTERS = 4
ECHO_SCORE = 0.1

# Crossing letters that few words fit: each of them is tried against every reading's wordplay,
# as an answer whose definition the thesaurus does not confirm (REENGAGE: GREENGAGES, trimmed).
# 150, not 60: with a quarter of the letters shown, rows 1,001-2,000 of cryptonite-dev 64.1% ->
# 65.1% (+12 -2; 100: +7 -2; 300: 65.5%, median 0.46 s), rows 1-1,000 60.5% -> 60.7% (+5 -3),
# median 0.29 -> 0.36 s.
FITTING_WORDS = 150

# Without crossing letters, a reading whose wordplay is built of synonyms offers the dictionary
# words among its first outputs, unconfirmed (RIDE around G: RIDGE for "high spot"): the cheapest
# 30 readings that can build do (cryptonite-dev rows 1-1,000 +10 -1, rows 1,001-2,000 +3 -0,
# median about 0.1 s longer; building only words, a charade cut at a piece that starts none,
# rows 1-1,000 +2 -0 more, and 80 readings then gained nothing, p95 3.9 -> 6.8 s), each stopping
# early if it runs away (unstopped, clues of 0.3 s ran to their 10 s limit: a charade of long
# synonym lists builds nothing for seconds). Readings stop building once one verifies an answer.
# A puzzle's clues build as many: judged on puzzles the loop was never tuned on
# (benchmarks/synthetic_puzzles.py's first set: 16 grids filled from cryptonite-dev rows 3,001+), 0 -> 30
# gave 1,103 -> 1,195 of 2,100 cells (10: 1,186), 1,203 with the stop; on the dev puzzles the loop
# was tuned on, cryptic 616 -> 606 of 739 (alberich +18, quiptic -22, guardian-cryptic -6), plain the same.
BUILT_OUTPUTS = 1000
BUILT_READINGS = 30
BUILT_READING = 0.25  # seconds: a safety net that only a runaway reading meets

# A strong definition's answers (the first few) are also tried against the wordplay with one
# synonym piece two steps away ("seal" -> CAP in CHAP): never verified, and that piece's
# letters count a quarter as covered (a half let wrong answers so made outrank the right one
# with a weaker definition: CLASSY over DRESSY for "Stylish, clean and young").
LOOSE_CANDIDATES = 60
LOOSE_SHARE = 0.75

# Readings are read cheapest first until one costs more than DEARER_FACTOR times the cheapest
# verified reading's cost plus DEARER_MARGIN (hand-set in the first version; a margin of 300
# read more and gained nothing: cryptonite-dev rows 1-1,000 30.0% top-1 against 30.1%).
DEARER_FACTOR = 2
DEARER_MARGIN = 150

# An answer read off a definition of k words with no wordplay costs DEFINITION_ONLY_COST +
# DEFINITION_ONLY_PER_WORD * k: dearer than most readings with wordplay (hand-set; not yet measured).
DEFINITION_ONLY_COST = 400
DEFINITION_ONLY_PER_WORD = 60
SINGLED_MARGIN = 0.1  # a reading's answer this much more strongly defined than the rest stays verified
MANY_VERIFIED = 2  # readings verifying two answers or more prove none (their top answers were right 12 of 15 on cryptonite-dev rows 1-3,000: 80%, under the flag's 90%)

# A word that fits the crossing letters, which no relation or wordplay gives, but whose
# glosses use most of a span at one end of the clue ("Young adult in passive stage", P?P?:
# PUPA, "an insect in the inactive stage"): a definition the thesaurus words otherwise. A
# word the gloss uses only through a synonym counts for half ("having some guts": ENTERIC,
# "inside the intestines"; cryptonite-dev 1,000: top-1 272 -> 273).
GLOSSED = 0.3  # its strength, times the share of the span its glosses use
GLOSSED_SHARE = 0.4  # the least share that counts
# A word the wordplay makes that the definition's answers lack is asked of the reverse
# dictionary too ("high spot": RIDGE, 0.42 of a full match, far below the best 15), and
# counts as were it retrieved when its best gloss says at least this share of the definition.
DESCRIBED_LEAST = 0.3
SECOND_GLOSSED = 0.6  # the least share of a second definition an answer's glosses must say

# When no reading and no definition gives any answer, the few words that fit the crossing
# letters are the answers left (with a quarter of the letters shown, 35 of cryptonite-dev's
# first 1,000 clues had none, mostly phrases: YARD OF ALE, LAP OF HONOUR); as a last resort,
# they cost what a definition of the whole clue would.
FITTING_COST = 1000


# ---------------------------------------------------------------- cryptic/search.py

PROPAGATE_MAX = 100  # see Search.propagate
RESTART_BASE = 400  # nodes in the first run; later runs follow the Luby sequence
ROW_RESTART_BASE = 20_000  # the same for the reading-order search (its nodes are cheaper)
LOCAL_PASSES = 10  # passes of the weighted fill's local search at most (hand-set; see search.improved)
DENSE_TRIAL = 50  # nodes of arc consistency search tried on a dense grid before the reading-order search


# ---------------------------------------------------------------- cryptic/trees.py

PLAIN_MAX = 12  # without a thesaurus, a synonym leaf gives 1..PLAIN_MAX letters

# A hidden word is at least this long: two-letter ones (ND in FOUND) make wrong charades, never right ones
# (none among the right top-5 answers of 1,000 cryptonite-dev clues, 59 among the wrong).
MIN_HIDDEN = 3
# A composite anagram's piece gives (or takes) this many letters at most: a longer one is a
# charade beside an anagram, which the charades already read (hand-set, from the 148 above).
MIXED_PIECE = 3


# ---------------------------------------------------------------- cryptic/wordplay.py

# A leaf's letters cut from its own word ("school" -> SCH) stand for it when the substitution list
# has them, or past clues used them so this often (SCH 18 times, SEC and LAB twice; once: POS, LOY).
MIN_SHORT_FORM_USES = 2
MAX_PERMUTED = 6  # anagram fodder up to this long is permuted freely inside a charade

# A word's own beginning or end that is a word itself, with a few letters left over, is
# not hidden in it but cut from it (SPRING from "springtime", MEASURE from "measurement",
# GERMAN from "Germany": truncations, which have their own indicators); a part that is no
# word may be (BRUXE in "Bruxelles", read upwards: EXURB), and so may the answer read
# backwards. A hidden word is never a form of a word it spans (THEO in "the older"). Of
# cryptonite-dev's first 1,000 clues, 12 readings at a word's edge were among the top five
# answers, 5 of them first; none was right.
STEM_REST = 4  # the most letters a word's stem leaves over (-MENT, -TIME)
