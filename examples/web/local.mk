# examples/web/: the web table of issue 28 (doc/web.md): a server on the
# JavaScript package and a page for the browser. Not part of `all` or
# `check`: `make check-web` runs its tests, after `make wasm` (bindings/js/).
#
# The tests import puppeteer-core, and Node resolves an ES module's imports
# only from node_modules/ beside or above the importing file (NODE_PATH does
# not count), so check-web copies examples/web into examples/web/ of the
# build tree and installs the npm packages there, exactly those of
# package-lock.json (npm ci, no install scripts). The source tree stays
# clean, also a read-only one. The copy is refreshed on every run; npm ci
# runs again only when package-lock.json changed.

NPM = npm
# Debian's Chromium, never a downloaded browser (test/client.test.mjs).
CHROMIUM = /usr/bin/chromium
# The load test (test/load.test.mjs): issue 28 asks for 100 matches for 60 s.
WEB_LOAD_SECONDS = 60
WEB_LOAD_CLIENTS = 100
# A bound on each of the two test runs, in seconds: a hung browser or server
# fails the run instead of holding CI (on a 2-core machine shared by other
# jobs, load average 20, the first took 285 s and the load test 66 s).
WEB_TEST_TIMEOUT = 600

BR_WEB_DIR = examples/web

# The folder goes into the tarball whole, so that a file added to it is never
# missing there, but without what npm and the tests leave in a source tree
# (node_modules/ alone is 57 MB): copied by dist-hook, not by EXTRA_DIST.
BR_WEB_TAR_EXCLUDES = --exclude=./node_modules --exclude=./test-output --exclude=./data
dist-hook: dist-web
dist-web:
	$(MKDIR_P) $(distdir)/examples/web
	(cd $(srcdir)/examples/web && tar $(BR_WEB_TAR_EXCLUDES) -cf - .) | \
	  (cd $(distdir)/examples/web && tar -xf -)
	chmod -R u+w $(distdir)/examples/web

# Copies the source folder into the build tree (all but node_modules/,
# test-output/ and data/), then installs the packages when the lock changed.
web-packages:
	@$(MKDIR_P) $(BR_WEB_DIR)
	@if test "$$(cd $(srcdir)/examples/web && pwd -P)" != "$$(cd $(BR_WEB_DIR) && pwd -P)"; then \
	  find $(BR_WEB_DIR) -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +; \
	  (cd $(srcdir)/examples/web && tar $(BR_WEB_TAR_EXCLUDES) -cf - .) | \
	    (cd $(BR_WEB_DIR) && tar -xf -); \
	  chmod -R u+w $(BR_WEB_DIR); \
	fi
	@if cmp -s $(BR_WEB_DIR)/package-lock.json $(BR_WEB_DIR)/node_modules/.br-package-lock.json; then \
	  echo 'check-web: npm packages up to date with package-lock.json'; \
	else \
	  echo 'check-web: npm ci in $(BR_WEB_DIR)'; \
	  (cd $(BR_WEB_DIR) && $(NPM) ci --ignore-scripts --no-audit --no-fund) && \
	  cp $(BR_WEB_DIR)/package-lock.json $(BR_WEB_DIR)/node_modules/.br-package-lock.json; \
	fi

# First every test but the load test (node --test runs them one file at a
# time on 2 cores), then the load test alone, so that its figures are not
# those of a machine also busy with Chromium.
check-web: wasm web-packages
	@test -x $(CHROMIUM) || { echo "check-web: no Chromium at $(CHROMIUM) (Debian: apt-get install chromium; or make check-web CHROMIUM=/path/to/chromium)"; exit 1; }
	cd $(BR_WEB_DIR) && BOARDRULES_JS=$(abs_builddir)/bindings/js/boardrules.mjs CHROMIUM=$(CHROMIUM) \
	  timeout $(WEB_TEST_TIMEOUT) $(NODE) --test $$(ls test/*.test.mjs | grep -v '^test/load')
	cd $(BR_WEB_DIR) && BOARDRULES_JS=$(abs_builddir)/bindings/js/boardrules.mjs \
	  BR_WEB_LOAD_SECONDS=$(WEB_LOAD_SECONDS) BR_WEB_LOAD_CLIENTS=$(WEB_LOAD_CLIENTS) \
	  timeout $$(( $(WEB_LOAD_SECONDS) + $(WEB_TEST_TIMEOUT) )) $(NODE) --test test/load.test.mjs

clean-local: clean-web
clean-web:
	-test "$$(cd $(srcdir) && pwd -P)" = "$$(pwd -P)" || rm -rf $(BR_WEB_DIR)

.PHONY: check-web web-packages dist-web clean-web
