# Coverage-guided fuzz targets (libFuzzer, clang): see fuzz/README.md.
# `make fuzz` builds them; fuzz/run-ci.sh runs each for a bounded time.
#
# Nothing here is part of `all`, `check` or `install`: the targets are built
# only by `make fuzz`, with their own compiler (FUZZ_CC, clang by default:
# `make fuzz FUZZ_CC=clang-15`) and flags, from the library's own sources
# (the list in libboardrules/local.mk), into fuzz/ of the build folder.

FUZZ_CC = clang
FUZZ_AR = ar
FUZZ_SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS = -g -O1 -std=c11 -Wall -Wextra -Wno-unused-parameter $(FUZZ_SANITIZE)
FUZZ_INCLUDES = -I$(top_srcdir)/include -I$(top_builddir) -I$(top_srcdir)/fuzz
FUZZ_LIB_CPPFLAGS = $(FUZZ_INCLUDES) -I$(top_srcdir)/libboardrules -DBR_BUILDING_LIBRARY \
	$(JANSSON_CFLAGS)
FUZZ_LIBS = fuzz/libboardrules-fuzz.a $(JANSSON_LIBS) -lm

FUZZ_TARGETS = \
	fuzz/fuzz_snapshot \
	fuzz/fuzz_bytes \
	fuzz/fuzz_record \
	fuzz/fuzz_move_text \
	fuzz/fuzz_options \
	fuzz/fuzz_operations

FUZZ_HARNESS_FILES = \
	fuzz/fuzz_common.h \
	fuzz/fuzz_snapshot.c \
	fuzz/fuzz_bytes.c \
	fuzz/fuzz_record.c \
	fuzz/fuzz_move_text.c \
	fuzz/fuzz_options.c \
	fuzz/fuzz_operations.c \
	fuzz/make_corpus.c

EXTRA_DIST += $(FUZZ_HARNESS_FILES) fuzz/README.md fuzz/run-ci.sh fuzz/make-corpus.sh \
	fuzz/dict/json.dict fuzz/dict/bytes.dict fuzz/dict/record.dict fuzz/dict/options.dict fuzz/dict/move_text.dict \
	fuzz/regressions

fuzz: $(FUZZ_TARGETS) fuzz/make_corpus

# The library, instrumented for coverage and sanitizers (one archive for all targets).
fuzz/libboardrules-fuzz.a: $(libboardrules_libboardrules_la_SOURCES) $(nobase_include_HEADERS)
	@$(MKDIR_P) fuzz/obj
	@rm -f $@ fuzz/obj/*.o
	@for src in $(libboardrules_libboardrules_la_SOURCES); do \
	  case $$src in *.c) ;; *) continue ;; esac; \
	  obj=fuzz/obj/`echo $$src | sed 's|/|_|g; s|\.c$$|.o|'`; \
	  echo "  FUZZCC   $$src"; \
	  $(FUZZ_CC) $(FUZZ_LIB_CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link \
	    -c $(srcdir)/$$src -o $$obj || exit 1; \
	done
	$(FUZZ_AR) rc $@ fuzz/obj/*.o

fuzz/fuzz_snapshot: fuzz/fuzz_snapshot.c fuzz/fuzz_common.h fuzz/libboardrules-fuzz.a
	$(FUZZ_CC) $(FUZZ_INCLUDES) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
	  $(srcdir)/fuzz/fuzz_snapshot.c $(FUZZ_LIBS) -o $@
fuzz/fuzz_bytes: fuzz/fuzz_bytes.c fuzz/fuzz_common.h fuzz/libboardrules-fuzz.a
	$(FUZZ_CC) $(FUZZ_INCLUDES) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
	  $(srcdir)/fuzz/fuzz_bytes.c $(FUZZ_LIBS) -o $@
fuzz/fuzz_record: fuzz/fuzz_record.c fuzz/fuzz_common.h fuzz/libboardrules-fuzz.a
	$(FUZZ_CC) $(FUZZ_INCLUDES) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
	  $(srcdir)/fuzz/fuzz_record.c $(FUZZ_LIBS) -o $@
fuzz/fuzz_move_text: fuzz/fuzz_move_text.c fuzz/fuzz_common.h fuzz/libboardrules-fuzz.a
	$(FUZZ_CC) $(FUZZ_INCLUDES) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
	  $(srcdir)/fuzz/fuzz_move_text.c $(FUZZ_LIBS) -o $@
fuzz/fuzz_options: fuzz/fuzz_options.c fuzz/fuzz_common.h fuzz/libboardrules-fuzz.a
	$(FUZZ_CC) $(FUZZ_INCLUDES) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
	  $(srcdir)/fuzz/fuzz_options.c $(FUZZ_LIBS) -o $@
fuzz/fuzz_operations: fuzz/fuzz_operations.c fuzz/fuzz_common.h fuzz/libboardrules-fuzz.a
	$(FUZZ_CC) $(FUZZ_INCLUDES) $(FUZZ_CFLAGS) -fsanitize=fuzzer \
	  $(srcdir)/fuzz/fuzz_operations.c $(FUZZ_LIBS) -o $@

# Seed-corpus generator (no libFuzzer main; same instrumented library).
fuzz/make_corpus: fuzz/make_corpus.c fuzz/fuzz_common.h fuzz/libboardrules-fuzz.a
	$(FUZZ_CC) $(FUZZ_INCLUDES) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link \
	  $(srcdir)/fuzz/make_corpus.c $(FUZZ_LIBS) -o $@

# Seed corpora into fuzz/corpus/<target>/ of the build folder.
fuzz-corpus: fuzz/make_corpus
	$(srcdir)/fuzz/make-corpus.sh $(builddir)/fuzz/make_corpus $(srcdir) fuzz/corpus

clean-local: clean-fuzz
clean-fuzz:
	rm -rf fuzz/obj fuzz/corpus fuzz/libboardrules-fuzz.a fuzz/make_corpus $(FUZZ_TARGETS)

.PHONY: fuzz fuzz-corpus clean-fuzz
