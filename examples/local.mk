# examples: rules for this folder (included by the top-level Makefile.am).
# Each host below has its own section; keep new hosts in sections of their own.

# ------------------------------------------------------------------
# brules: the command-line host (installed)

bin_PROGRAMS += examples/brules/brules
examples_brules_brules_SOURCES = \
	examples/brules/brules.h \
	examples/brules/main.c \
	examples/brules/cli.c \
	examples/brules/info.c \
	examples/brules/guide.c \
	examples/brules/fx_print.c \
	examples/brules/fx_tsuro.c \
	examples/brules/fx_tat.c \
	examples/brules/fx_dud.c \
	examples/brules/play.c \
	examples/brules/selfplay.c \
	examples/brules/replay.c \
	examples/brules/bench.c \
	examples/brules/bots.c \
	examples/brules/lineedit.c \
	examples/brules/tiles.c \
	examples/brules/fx_tdw.c
examples_brules_brules_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS) $(LIBEDIT_CFLAGS)
examples_brules_brules_LDADD = libboardrules/libboardrules.la $(JANSSON_LIBS) $(LIBEDIT_LIBS) -lm

# test-brules.sh runs every subcommand; it finds the command through $BRULES.
# AM_TESTS_ENVIRONMENT is first set here (this file is included before
# tests/ and bindings/); later rules append to it with '+='.
# test-play-pty.sh runs test-play-pty.py with python3 (also in builds
# without the Python binding): a person plays whole games through `brules
# play` on a pseudo-terminal (one function per game; at most 60 s).
TESTS += examples/brules/test-brules.sh examples/brules/test-man.sh \
	examples/brules/test-play-pty.sh
EXTRA_DIST += examples/brules/test-brules.sh examples/brules/test-man.sh \
	examples/brules/test-play-pty.sh examples/brules/test-play-pty.py
AM_TESTS_ENVIRONMENT = \
	BRULES='$(abs_builddir)/examples/brules/brules$(EXEEXT)'; export BRULES; \
	BRULES_SRCDIR='$(abs_top_srcdir)'; export BRULES_SRCDIR;

# test-play-tdw.py: a person plays a whole game of Die Tore der Welt on a
# pseudo-terminal; the table must explain itself (issue 25). Runs under
# $(PYTHON) (PY_LOG_COMPILER, bindings/local.mk).
if HAVE_PYTHON
TESTS += examples/brules/test-play-tdw.py
endif
EXTRA_DIST += examples/brules/test-play-tdw.py

# ------------------------------------------------------------------
# c: the minimal embedding. Users build it with examples/c/Makefile
# (pkg-config); here it is built against the library in the tree and run
# by `make check`.

noinst_PROGRAMS += examples/c/minimal
examples_c_minimal_SOURCES = examples/c/minimal.c
examples_c_minimal_LDADD = libboardrules/libboardrules.la
TESTS += examples/c/minimal
EXTRA_DIST += examples/c/Makefile
