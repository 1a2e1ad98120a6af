# doc/: the Doxygen API reference (make doc), the manual pages and the prose
# documentation.
EXTRA_DIST += \
	doc/Doxyfile.in \
	doc/games/figures/drunter-und-drueber.py \
	doc/games/figures/drunter-und-drueber-readings.py \
	doc/games/figures/tuer-an-tuer.py \
	doc/games/figures/tore-der-welt.py

# The manual pages, written by hand in man(7) macros: brules(1) and
# libboardrules(3), made from doc/man/*.in with the configured docdir (where
# they point to the prose documentation) and installed in $(man1dir) and
# $(man3dir).
BR_MAN_PAGES = doc/man/brules.1 doc/man/libboardrules.3
nodist_man_MANS = $(BR_MAN_PAGES)
EXTRA_DIST += $(BR_MAN_PAGES:%=%.in)
CLEANFILES += $(BR_MAN_PAGES)

# The docdir may break after each '/' (roff's \:), so that a long one (as
# make distcheck's) does not leave groff a line it cannot adjust.
BR_MAN_SUBST = docdir=$$(echo '$(docdir)' | $(SED) -e 's|/|/\\\\:|g') && \
	$(SED) -e "s|@docdir[@]|$$docdir|g"
doc/man/brules.1: $(top_srcdir)/doc/man/brules.1.in Makefile
	$(AM_V_GEN)$(MKDIR_P) doc/man && \
	$(BR_MAN_SUBST) $(top_srcdir)/doc/man/brules.1.in > $@.tmp && mv -f $@.tmp $@
doc/man/libboardrules.3: $(top_srcdir)/doc/man/libboardrules.3.in Makefile
	$(AM_V_GEN)$(MKDIR_P) doc/man && \
	$(BR_MAN_SUBST) $(top_srcdir)/doc/man/libboardrules.3.in > $@.tmp && mv -f $@.tmp $@

# examples/brules/test-man.sh checks the pages made here.
AM_TESTS_ENVIRONMENT += \
	BR_MANDIR='$(abs_top_builddir)/doc/man'; export BR_MANDIR; \
	BR_DOCDIR='$(docdir)'; export BR_DOCDIR;

# The prose documentation, installed under $(docdir) with the README, NEWS
# and LICENSE; the games' pages under $(docdir)/games.
dist_doc_DATA += \
	README.md \
	NEWS \
	LICENSE \
	doc/adding-a-game.md \
	doc/api.md \
	doc/bots.md \
	doc/brules.md \
	doc/environment.md \
	doc/performance.md \
	doc/records.md \
	doc/scaling.md \
	doc/snapshots.md \
	doc/testing.md \
	doc/web.md
# doc/web.md's screenshots (written by examples/web's browser tests).
webdocdir = $(docdir)/web
dist_webdoc_DATA = \
	doc/web/tsuro.png \
	doc/web/tuer_an_tuer.png \
	doc/web/drunter_und_drueber.png \
	doc/web/tore_der_welt.png
gamesdocdir = $(docdir)/games
dist_gamesdoc_DATA = \
	doc/games/tsuro.md \
	doc/games/tuer-an-tuer.md \
	doc/games/drunter-und-drueber.md \
	doc/games/tore-der-welt.md

# The API reference, when `make doc` has built it, under $(docdir)/html.
install-data-local: install-doc-html
uninstall-local: uninstall-doc-html
install-doc-html:
	@if test -f doc/html/index.html; then \
	  echo " installing the API reference in $(DESTDIR)$(docdir)/html"; \
	  $(MKDIR_P) "$(DESTDIR)$(docdir)/html" && \
	  cp -R doc/html/. "$(DESTDIR)$(docdir)/html/" && \
	  chmod -R u+w,go+rX "$(DESTDIR)$(docdir)/html"; \
	else \
	  echo " (no API reference to install: 'make doc' builds it)"; \
	fi
uninstall-doc-html:
	-rm -rf "$(DESTDIR)$(docdir)/html"

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

.PHONY: doc clean-doc install-doc-html uninstall-doc-html
