# bindings/js/: the library compiled to WebAssembly with emscripten, and the
# JavaScript package around it (doc/api.md, "JavaScript"; bindings/js/README.md).
# Not part of `all` or `check`: `make wasm` builds the package into
# bindings/js/ of the build tree, `make check-wasm` runs its tests under
# Node's test runner. Both need emcc (Debian: emscripten) and node; jansson
# for wasm32 is built from Debian's source package (bindings/js/build-jansson.sh)
# into bindings/js/jansson/ of the build tree.
#
# The C sources are exactly the library's (libboardrules_la_SOURCES), built
# in one emcc run: with 2 cores the per-file start-up of emcc costs more than
# the compilation it would let make parallelise.

EMCC = emcc
EMAR = emar
NODE = node
TSC = tsc
# Debian's emcc runs its JavaScript optimizer with the system node, which
# finds the optimizer's modules (acorn) only through NODE_PATH. Its cache
# (the wasm32 libc) is built on first use: in the build tree when the
# system's cache is not writable.
BR_EM_ENV = NODE_PATH=/usr/share/nodejs \
	EM_CACHE=$${EM_CACHE:-$$(test -w /usr/share/emscripten/cache && echo /usr/share/emscripten/cache || echo $(abs_builddir)/bindings/js/em-cache)}

BR_JS_DIR = bindings/js
BR_JS_JANSSON = $(BR_JS_DIR)/jansson
BR_JS_INPUT_FILES = $(libboardrules_libboardrules_la_SOURCES) \
	$(include_HEADERS) $(boardrulesinclude_HEADERS)

# The C functions the module calls (and nothing else: the rest is dropped).
BR_JS_EXPORTS = malloc free \
	br_version_string br_status_string \
	br_game_count br_game_at br_game_find br_game_name br_game_title \
	br_game_description br_game_options_help br_game_min_players br_game_max_players \
	br_game_default_players br_game_option_count br_game_option br_game_check_options \
	br_game_facts \
	br_state_new br_state_clone br_state_copy br_state_free br_state_game br_state_num_players \
	br_state_options br_state_last_error br_state_current_player br_state_is_terminal \
	br_state_is_chance_node br_state_move_number br_state_move_space \
	br_state_max_legal_moves br_state_legal_moves br_state_check_move br_state_apply \
	br_state_move_to_text br_state_move_to_text_view br_state_move_from_text \
	br_state_chance_outcomes br_state_resolve_chance br_state_resample \
	br_state_returns br_state_winners br_state_scores \
	br_state_to_json br_state_from_json br_state_to_bytes br_state_from_bytes \
	br_state_observe br_state_render br_state_render_view \
	br_state_facts br_state_observation_tensor br_state_information_state_tensor \
	br_state_legal_mask br_state_history br_state_history_start \
	br_state_history_text_view br_state_history_effects_json \
	br_record_write_state br_record_verdict_json br_record_replay \
	br_record_parse br_record_to_json br_record_free \
	br_bot_new br_bot_choose br_bot_last_error br_bot_kind br_bot_kind_at br_bot_free

# Same code as the native library: no -ffast-math. -O2 as natively: -Os made
# playouts 1.5-2.5 times slower (288 KB .wasm), -O3 was no faster (422 KB).
BR_JS_CC_FLAGS = -std=c11 -O2 -Wall -Wextra -Werror -DBR_BUILDING_LIBRARY \
	-I$(top_srcdir)/include -I$(top_srcdir)/libboardrules -I$(BR_JS_JANSSON)/include
BR_JS_LINK_FLAGS = -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createBoardrulesCore \
	-sENVIRONMENT=web,worker -sALLOW_MEMORY_GROWTH=1 -sWASM_BIGINT=1 \
	-sFILESYSTEM=0 -sDYNAMIC_EXECUTION=0 \
	-sEXPORTED_RUNTIME_METHODS=HEAPU8,HEAP32,HEAPU32,HEAPF32,HEAPF64 \
	-sEXPORTED_FUNCTIONS=$$(echo $(BR_JS_EXPORTS:%=_%) | tr ' ' ',')

# The hand-written package files, copied next to the generated ones.
BR_JS_PACKAGE_FILES = \
	bindings/js/boardrules.mjs \
	bindings/js/boardrules.d.ts \
	bindings/js/README.md
BR_JS_TESTS = \
	bindings/js/test/api.test.mjs \
	bindings/js/test/memory.test.mjs \
	bindings/js/test/native.test.mjs
EXTRA_DIST += bindings/js/test/load.mjs
EXTRA_DIST += $(BR_JS_PACKAGE_FILES) $(BR_JS_TESTS) \
	bindings/js/local.mk bindings/js/build-jansson.sh bindings/js/package.json.in \
	bindings/js/bench.mjs bindings/js/example.ts bindings/js/tsconfig.json \
	bindings/js/test-pack.sh bindings/js/test-browser.mjs \
	.ci/deb-src

$(BR_JS_JANSSON)/lib/libjansson.a: $(top_srcdir)/bindings/js/build-jansson.sh
	$(AM_V_GEN)$(BR_EM_ENV) EMCC="$(EMCC)" EMAR="$(EMAR)" \
	  sh $(top_srcdir)/bindings/js/build-jansson.sh $(BR_JS_JANSSON)

# boardrules_core.mjs is emscripten's loader; boardrules.mjs imports it.
$(BR_JS_DIR)/boardrules_core.wasm: $(BR_JS_INPUT_FILES:%=$(top_srcdir)/%) \
		$(BR_JS_JANSSON)/lib/libjansson.a $(top_srcdir)/bindings/js/local.mk
	@$(MKDIR_P) $(BR_JS_DIR)
	$(AM_V_GEN)sources=; for f in $(libboardrules_libboardrules_la_SOURCES); do \
	  case $$f in *.c) sources="$$sources $(top_srcdir)/$$f";; esac; done; \
	$(BR_EM_ENV) $(EMCC) $(BR_JS_CC_FLAGS) $$sources \
	  $(BR_JS_JANSSON)/lib/libjansson.a $(BR_JS_LINK_FLAGS) -o $(BR_JS_DIR)/boardrules_core.mjs

$(BR_JS_DIR)/package.json: $(top_srcdir)/bindings/js/package.json.in $(top_builddir)/config.status \
		$(top_srcdir)/bindings/js/local.mk
	@$(MKDIR_P) $(BR_JS_DIR)
	$(AM_V_GEN)$(SED) -e 's/[@]PACKAGE_VERSION[@]/$(PACKAGE_VERSION)/' \
	  $(top_srcdir)/bindings/js/package.json.in >$@

wasm: $(BR_JS_DIR)/boardrules_core.wasm $(BR_JS_DIR)/package.json
	@if test "$(srcdir)" != "$(builddir)"; then \
	  for f in $(BR_JS_PACKAGE_FILES); do cp $(srcdir)/$$f $(BR_JS_DIR)/; done; \
	fi
	@ls -l $(BR_JS_DIR)/boardrules_core.wasm | awk '{print "wasm: " $$5 " bytes,"}' | tr '\n' ' '; \
	  gzip -9c $(BR_JS_DIR)/boardrules_core.wasm | wc -c | awk '{print $$1 " gzipped"}'

# The tests: the API under node --test, then the same seeded games natively
# (tests/wasm_reference writes their final snapshots) and in wasm; then tsc
# checks the declarations against a TypeScript example; the package made by
# npm pack installs offline into a fresh folder and plays a game; last,
# headless Chromium plays seeded games of the four games through the module
# and must end in Node's snapshots (skipped without chromium).
check-wasm: wasm tests/wasm_reference$(EXEEXT)
	$(AM_V_at)./tests/wasm_reference >$(BR_JS_DIR)/native-reference.json
	cd $(BR_JS_DIR) && BR_NATIVE_REFERENCE=$(abs_builddir)/$(BR_JS_DIR)/native-reference.json \
	  BR_JS_MODULE=$(abs_builddir)/$(BR_JS_DIR)/boardrules.mjs \
	  $(NODE) --test $(BR_JS_TESTS:%=$(abs_top_srcdir)/%)
	@echo 'tsc: the TypeScript declarations against bindings/js/example.ts'
	$(TSC) -p $(top_srcdir)/bindings/js/tsconfig.json
	NODE=$(NODE) sh $(top_srcdir)/bindings/js/test-pack.sh $(BR_JS_DIR)
	$(NODE) $(top_srcdir)/bindings/js/test-browser.mjs $(BR_JS_DIR)

clean-local: clean-wasm
clean-wasm:
	-rm -rf $(BR_JS_DIR)/boardrules_core.mjs $(BR_JS_DIR)/boardrules_core.wasm \
	  $(BR_JS_DIR)/package.json $(BR_JS_DIR)/native-reference.json \
	  $(BR_JS_JANSSON) $(BR_JS_DIR)/em-cache
	-test "$(srcdir)" = "$(builddir)" || \
	  rm -f $(BR_JS_PACKAGE_FILES:bindings/js/%=$(BR_JS_DIR)/%)

.PHONY: wasm check-wasm clean-wasm
