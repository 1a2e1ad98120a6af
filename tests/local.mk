# tests: rules for this folder (included by the top-level Makefile.am).
# Each suite has a section of its own; suites that use Check go inside an
# `if HAVE_CHECK` block of their own section.

# ------------------------------------------------------------------
# Paths for the test programs and scripts. AM_TESTS_ENVIRONMENT is first set
# in examples/local.mk (included before this file); here we append.

AM_TESTS_ENVIRONMENT += \
	BR_TOP_SRCDIR='$(abs_top_srcdir)'; export BR_TOP_SRCDIR; \
	BR_TOP_BUILDDIR='$(abs_top_builddir)'; export BR_TOP_BUILDDIR; \
	BR_GOLDEN_DIR='$(abs_top_srcdir)/tests/golden'; export BR_GOLDEN_DIR;

# ------------------------------------------------------------------
# check-symbols.sh: the library exports exactly the BR_API functions of the
# public headers.

TESTS += tests/check-symbols.sh
EXTRA_DIST += tests/check-symbols.sh

# check-headers.sh: the public headers compile as C99, C11, C17 and C++.
TESTS += tests/check-headers.sh
EXTRA_DIST += tests/check-headers.sh tests/valgrind.sh tests/coverage.sh
AM_TESTS_ENVIRONMENT += CC='$(CC)'; export CC;

# ------------------------------------------------------------------
# perf: instruction counts per call of the public operations (snapshots,
# observations, rendering, move texts, moves), one game and operation at a
# time under callgrind. Not part of `make check`: `make perf-ops` builds
# tests/perf/ops and prints the table (doc/performance.md, issue 24).
# PERF_OPS_FLAGS passes options to the script, e.g. PERF_OPS_FLAGS='-g tsuro
# -o to_json' or PERF_OPS_FLAGS='-c $(srcdir)/tests/perf/i24-before.tsv'.

noinst_PROGRAMS += tests/perf/ops
tests_perf_ops_SOURCES = tests/perf/ops.c
tests_perf_ops_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
tests_perf_ops_LDADD = libboardrules/libboardrules.la $(JANSSON_LIBS)
EXTRA_DIST += tests/perf/callgrind-ops.sh tests/perf/i24-before.tsv
PERF_OPS_FLAGS =

perf-ops: tests/perf/ops$(EXEEXT) libboardrules/libboardrules.la
	$(SHELL) $(srcdir)/tests/perf/callgrind-ops.sh $(PERF_OPS_FLAGS) \
	  $(abs_top_builddir)/libboardrules/.libs $(abs_top_builddir)/tests/perf/ops$(EXEEXT)

.PHONY: perf-ops

# ------------------------------------------------------------------
# The Check suites: the generic ones (argument validation in test_api,
# conformance of every registered game in test_conformance, golden records in
# test_golden, ...) and each game's own (one test per rule). Every program
# links the shared helpers and runner, tests/brt_util.[ch], built once as the
# convenience library tests/libbrt.la; its own source is tests/<name>.c.

if HAVE_CHECK
BRT_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS) -pthread
BRT_LDADD = tests/libbrt.la libboardrules/libboardrules.la $(CHECK_LIBS) $(JANSSON_LIBS) -lm \
	-lpthread

check_LTLIBRARIES = tests/libbrt.la
tests_libbrt_la_SOURCES = tests/brt_util.c tests/brt_util.h
tests_libbrt_la_CFLAGS = $(BRT_CFLAGS)

BRT_SUITES = tests/test_api tests/test_conformance tests/test_golden tests/test_hardening \
	tests/test_threads tests/test_binary tests/test_learn tests/test_records \
	tests/test_tuer_an_tuer tests/test_tsuro tests/test_drunter_und_drueber \
	tests/test_tore_der_welt tests/test_history tests/test_bots
check_PROGRAMS += $(BRT_SUITES)
TESTS += $(BRT_SUITES)

tests_test_records_CFLAGS = $(BRT_CFLAGS)
tests_test_records_LDADD = $(BRT_LDADD)
tests_test_learn_CFLAGS = $(BRT_CFLAGS)
tests_test_learn_LDADD = $(BRT_LDADD)
tests_test_hardening_CFLAGS = $(BRT_CFLAGS)
tests_test_hardening_LDADD = $(BRT_LDADD)
tests_test_threads_CFLAGS = $(BRT_CFLAGS)
tests_test_threads_LDADD = $(BRT_LDADD)
tests_test_binary_CFLAGS = $(BRT_CFLAGS)
tests_test_binary_LDADD = $(BRT_LDADD)
tests_test_api_CFLAGS = $(BRT_CFLAGS)
tests_test_api_LDADD = $(BRT_LDADD)
tests_test_conformance_SOURCES = tests/test_conformance.c tests/conformance.h \
	tests/conformance_learn.c
tests_test_conformance_CFLAGS = $(BRT_CFLAGS)
tests_test_conformance_LDADD = $(BRT_LDADD)
tests_test_golden_CFLAGS = $(BRT_CFLAGS)
tests_test_golden_LDADD = $(BRT_LDADD)
# test_bots: the bots of every kind in every game (include/boardrules/bot.h).
tests_test_bots_CFLAGS = $(BRT_CFLAGS)
tests_test_bots_LDADD = $(BRT_LDADD)
# test_history: what happened, told to each seat (per-seat history texts).
tests_test_history_CFLAGS = $(BRT_CFLAGS)
tests_test_history_LDADD = $(BRT_LDADD)

# The games' own suites: one test per rule (test_tuer_an_tuer,
# test_drunter_und_drueber and test_tore_der_welt set positions up through
# edited snapshots read and written with jansson; test_tsuro through play with
# explicit chance).
tests_test_tuer_an_tuer_CFLAGS = $(BRT_CFLAGS)
tests_test_tuer_an_tuer_LDADD = $(BRT_LDADD)
tests_test_tsuro_CFLAGS = $(BRT_CFLAGS)
tests_test_tsuro_LDADD = $(BRT_LDADD)
tests_test_drunter_und_drueber_CFLAGS = $(BRT_CFLAGS)
tests_test_drunter_und_drueber_LDADD = $(BRT_LDADD)
tests_test_tore_der_welt_CFLAGS = $(BRT_CFLAGS)
tests_test_tore_der_welt_LDADD = $(BRT_LDADD)

# test_fields (the snapshot field walker), test_text (the text helpers the
# games share: words of a move text, wrapped lines of a rendering) and
# test_rng (the random helpers: br_rng_subset) check
# internal parts of the core, which the library exports none of: they are
# built from their sources, linked with the library for the shared runner
# (its own copies of these functions are hidden).
BRT_INTERNAL = tests/test_fields tests/test_text tests/test_rng tests/test_bot_advice
check_PROGRAMS += $(BRT_INTERNAL)
TESTS += $(BRT_INTERNAL)
BRT_INTERNAL_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/libboardrules
tests_test_fields_SOURCES = tests/test_fields.c libboardrules/fields.c libboardrules/text.c \
	libboardrules/jsonwrite.c libboardrules/bytesio.c libboardrules/fieldcodecs.c \
	libboardrules/jsonutil.c libboardrules/memory.c
tests_test_fields_CPPFLAGS = $(BRT_INTERNAL_CPPFLAGS)
tests_test_fields_CFLAGS = $(BRT_CFLAGS)
tests_test_fields_LDADD = $(BRT_LDADD)
tests_test_text_SOURCES = tests/test_text.c libboardrules/text.c
tests_test_text_CPPFLAGS = $(BRT_INTERNAL_CPPFLAGS)
tests_test_text_CFLAGS = $(BRT_CFLAGS)
tests_test_text_LDADD = $(BRT_LDADD)
tests_test_rng_SOURCES = tests/test_rng.c libboardrules/rng.c
tests_test_rng_CPPFLAGS = $(BRT_INTERNAL_CPPFLAGS)
tests_test_rng_CFLAGS = $(BRT_CFLAGS)
tests_test_rng_LDADD = $(BRT_LDADD)
# test_bot_advice: Die Tore der Welt's advice hook for the heuristic bots
# against the value read from the seat's observation (doc/bots.md).
tests_test_bot_advice_SOURCES = tests/test_bot_advice.c \
	libboardrules/games/tore_der_welt/bot.c
tests_test_bot_advice_CPPFLAGS = $(BRT_INTERNAL_CPPFLAGS)
tests_test_bot_advice_CFLAGS = $(BRT_CFLAGS)
tests_test_bot_advice_LDADD = $(BRT_LDADD)
endif

# Golden records (see tests/golden/README.md): <name>.record, the expected
# final snapshot <name>.final.json, and for a record with an illegal line the
# number of that line in <name>.badline. test_golden reads every record of
# the folder, so the folder goes into the distribution as it is.
EXTRA_DIST += tests/golden

# ------------------------------------------------------------------
# make soak: the conformance playouts (every invariant and round trip at
# every step) of random games for every game and option set; not part of
# make check. doc/testing.md keeps the count of games soaked so far.
#
# SOAK_FIRST_SEED=auto (the default) takes the first seed from the commit
# (the first 12 hex digits of `git rev-parse HEAD`), or without git from the
# date and time (UTC, YYYYMMDDHHMM000000): every commit soaks other games
# than the runs before it. SOAK_SECONDS gives the run a time budget (each
# option set an equal share, at least one game); SOAK_GAMES caps the games
# per option set. The run prints its seeds and the command that replays it;
# a failed game, the command that replays that game. SOAK_GAME=<name> and
# SOAK_OPTIONS=<options> keep one game's option sets, or one option set.
# CI: make soak SOAK_SECONDS=180 (.ci/test-all).

SOAK_GAMES = 1000000
SOAK_FIRST_SEED = auto
SOAK_SECONDS =
SOAK_GAME =
SOAK_OPTIONS =

soak: tests/test_conformance$(EXEEXT)
	@seed='$(SOAK_FIRST_SEED)'; from='SOAK_FIRST_SEED'; \
	if test "$$seed" = auto; then \
	    if commit=`git -C '$(srcdir)' rev-parse HEAD 2>/dev/null` && test -n "$$commit"; then \
	        seed=`printf '%s' "$$commit" | cut -c1-12`; seed=$$((0x$$seed)); \
	        from="commit $$commit"; \
	    else \
	        seed=`date -u +%Y%m%d%H%M`000000; from='the date (UTC; no git commit)'; \
	    fi; \
	fi; \
	echo "soak: first seed $$seed (from $$from)"; \
	BRT_PLAYOUTS=$(SOAK_GAMES) BRT_FIRST_SEED=$$seed BRT_SOAK_SECONDS='$(SOAK_SECONDS)' \
	BRT_ONLY_GAME='$(SOAK_GAME)' BRT_ONLY_OPTIONS='$(SOAK_OPTIONS)' \
	BRT_REPORT=1 CK_FORK=no CK_RUN_CASE=playouts \
	./libtool --mode=execute $(builddir)/tests/test_conformance

.PHONY: soak

# ------------------------------------------------------------------
# wasm_reference: seeded games played natively, for `make check-wasm`
# (bindings/js/local.mk), which plays them again in WebAssembly and compares.
noinst_PROGRAMS += tests/wasm_reference
tests_wasm_reference_SOURCES = tests/wasm_reference.c
tests_wasm_reference_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
tests_wasm_reference_LDADD = libboardrules/libboardrules.la $(JANSSON_LIBS)
