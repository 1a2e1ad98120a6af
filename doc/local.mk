# doc/: the Doxygen API reference (make doc) and the prose documentation.
EXTRA_DIST += \
	doc/Doxyfile.in \
	doc/adding-a-game.md \
	doc/api.md \
	doc/brules.md \
	doc/performance.md \
	doc/snapshots.md \
	doc/testing.md \
	doc/games/tsuro.md \
	doc/games/tuer-an-tuer.md \
	doc/games/drunter-und-drueber.md \
	doc/games/tore-der-welt.md \
	doc/games/figures/drunter-und-drueber.py \
	doc/games/figures/tuer-an-tuer.py \
	doc/games/figures/tore-der-welt.py

if HAVE_DOXYGEN
doc: doc/Doxyfile
	$(AM_V_GEN)$(DOXYGEN) doc/Doxyfile
else
doc:
	@echo "doxygen was not found at configure time" >&2; exit 1
endif

clean-local: clean-doc
clean-doc:
	-rm -rf doc/html

.PHONY: doc clean-doc
