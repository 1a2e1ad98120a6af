/*
 * boardrules.i: the one SWIG interface of libboardrules, shared by the
 * Python and the Lua module.
 *
 * The public headers are wrapped as they are (so that their Doxygen comments
 * become the Python docstrings). Typemaps turn the C conventions into values
 * the scripting languages can hold:
 *   - out-parameters (new states, moves, counts) become extra return values;
 *   - caller buffers become a size argument and a returned string or list;
 *   - a failing call still returns its status first, so the idiomatic layers
 *     (bindings/python/boardrules.py, bindings/lua/boardrules.lua) turn
 *     statuses into exceptions / error() with the state's reason.
 * The language-specific typemap bodies live in python/typemaps.i and
 * lua/typemaps.i; this file says which C arguments they apply to.
 *
 * Ownership: a br_state returned through `br_state **out` belongs to the
 * wrapper object, whose destructor calls br_state_free(). br_state_free() is
 * not wrapped, so a state can never be freed twice. br_game handles are
 * static and never freed.
 */
#ifdef SWIGPYTHON
/* Python: the private extension module boardrules._core of the package
 * boardrules (bindings/python/boardrules/). SWIG runs with `-interface _core`
 * so that the C extension itself is `_core` (no generated .py proxy is
 * used: with -builtin it would only re-export the extension).
 * Thread support only where it pays: br_playout_random() releases the GIL
 * (see the %thread below); every other call is short and keeps it. */
%module(package="boardrules", threads="1", docstring="Low-level SWIG wrapper of libboardrules; use the boardrules package.") _core
%nothread;
#else
/* Lua: the C module boardrules_c under bindings/lua/boardrules.lua. */
%module boardrules_c
#endif

%{
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <boardrules.h>

/* Reasons and error messages fit in this many bytes (the library keeps
 * shorter ones; a longer text is truncated, never overflowed). */
#define BRX_REASON_SIZE 512
/* Caller buffers up to this many entries live on the C stack. */
#define BRX_STACK_ENTRIES 256
%}

%include <stdint.i>

#ifdef SWIGPYTHON
/* The library loaded must serve programs built against the headers this
 * module was built with (same major version, at least this minor.micro):
 * otherwise the import fails with ImportError saying which is which. */
%init %{
    if (!br_version_check(BR_VERSION_MAJOR, BR_VERSION_MINOR, BR_VERSION_MICRO)) {
        PyErr_Format(PyExc_ImportError,
                     "boardrules: this extension (boardrules._core) was built for "
                     "libboardrules %s, but the library loaded is version %s, which cannot "
                     "serve it; install libboardrules %d.x (at least %s) or rebuild the "
                     "boardrules package against the library you have",
                     BR_VERSION_STRING, br_version_string(), BR_VERSION_MAJOR,
                     BR_VERSION_STRING);
#if PY_VERSION_HEX >= 0x03000000
        return NULL;
#else
        return;
#endif
    }
%}
#endif

#ifdef SWIGPYTHON
%include "python/typemaps.i"
#endif
#ifdef SWIGLUA
%include "lua/typemaps.i"
#endif

/* ------------------------------------------------------------------ */
/* Which C arguments the typemaps apply to. */

/* Out-parameters that receive a new state owned by the caller. */
%apply br_state **NEW_STATE { br_state **out };
%apply br_bot **NEW_BOT { br_bot **out };

/* Optional reason buffers: filled by the call, returned as a string. */
%apply (char *REASON, size_t REASON_SIZE) {
    (char *err, size_t err_size),
    (char *reason, size_t reason_size)
};

/* Text out in the snprintf convention: the script passes the buffer size and
 * gets (status, text, needed length); it retries with length + 1 on BR_ERR_BUFFER. */
%apply (char *TEXT, size_t TEXT_SIZE, size_t *TEXT_LEN) { (char *buf, size_t size, size_t *len) };

/* Binary snapshots: bytes out in the same convention (status, bytes, needed
 * length), and bytes in from any bytes-like object (Python) or string (Lua). */
%apply (void *BYTES, size_t BYTES_SIZE, size_t *BYTES_LEN) { (void *buf, size_t size, size_t *len) };
%apply (const void *BYTES_IN, size_t BYTES_IN_LEN) { (const void *data, size_t size) };

/* Move lists: the script passes the capacity and gets the moves. */
%apply (br_move *MOVES, size_t CAPACITY, size_t *COUNT) {
    (br_move *moves, size_t capacity, size_t *count)
};
%apply (br_move *MOVES, double *PROBS, size_t CAPACITY, size_t *COUNT) {
    (br_move *moves, double *probabilities, size_t capacity, size_t *count)
};

/* Per-player values: the script passes the number of players. */
%apply (double *VALUES, size_t NUM_VALUES) { (double *out, size_t n) };
%apply (uint64_t *COUNTS, size_t NUM_COUNTS) { (uint64_t *wins, size_t wins_len) };

/* A move list passed in. */
%apply (const br_move *MOVES_IN, size_t NUM_MOVES_IN) { (const br_move *moves, size_t num_moves) };

/* The learning interface (learn.h). */
/* Tensors and masks: Python passes a writable buffer (a numpy array, a
 * bytearray, an array.array) that C fills in place; Lua passes the number of
 * entries and gets an array. */
%apply (float *FLOATS_OUT, size_t NUM_FLOATS_OUT) { (float *out, size_t n) };
%apply (uint8_t *BYTES_MASK_OUT, size_t NUM_MASK_OUT) { (uint8_t *mask, size_t n) };
/* Facts: the struct is the wrapper's, its size is sizeof(br_facts); the
 * script gets the values. */
%apply (br_facts *FACTS_OUT, size_t FACTS_SIZE) { (br_facts *facts, size_t facts_size) };
/* History: the script passes the capacity and gets the entries and the count. */
%apply (br_history_entry *HISTORY, size_t CAPACITY, size_t *COUNT) {
    (br_history_entry *out, size_t capacity, size_t *count)
};
/* Winners: the script passes the number of players and gets 0/1 per seat. */
%apply (int *FLAGS_OUT, size_t NUM_FLAGS) { (int *is_winner, size_t n) };

/* Single values returned through pointers. */
%apply br_move *MOVE_OUT { br_move *out, br_move *outcome, br_move *move };
%apply size_t *SIZE_OUT { size_t *bad_line, size_t *line, size_t *column };
%apply uint64_t *U64_OUT { uint64_t *total_moves };

/* Parsed records (record.h): a new record owned by the wrapper object, the
 * strings it owns returned as copies (None / nil for NULL), seats as ints,
 * and tags passed in as a flat list key, value, key, value, ... */
%apply br_record **NEW_RECORD { br_record **out };
%apply const char **TEXT_OUT { const char **key, const char **value, const char **text };
%apply int *INT_OUT { int *player };
%apply (const char *const *TAGS_IN, size_t NUM_TAGS_IN) {
    (const char *const *tags, size_t num_tags)
};

/* ------------------------------------------------------------------ */
/* Handles. */

/* States: created only by the library (br_state_new, clone, from_json,
 * record replay), freed only by the wrapper's destructor. */
%nodefaultctor br_state;
struct br_state {};
%extend br_state {
    ~br_state() { br_state_free($self); }
}
%ignore br_state_free;

/* Parsed records: created only by br_record_parse(), freed only by the
 * wrapper's destructor. */
%nodefaultctor br_record;
struct br_record {};
%extend br_record {
    ~br_record() { br_record_free($self); }
}
%ignore br_record_free;

/* Bots: created only by br_bot_new(), freed only by the wrapper's
 * destructor. */
%nodefaultctor br_bot;
struct br_bot {};
%extend br_bot {
    ~br_bot() { br_bot_free($self); }
}
%ignore br_bot_free;

/* Games: static, owned by the library. */
%nodefaultctor br_game;
%nodefaultdtor br_game;
struct br_game {};

#ifdef SWIGPYTHON
/* The batch call runs for long: let other Python threads run meanwhile. The
 * state argument is kept alive by the caller's reference during the call. */
%thread br_playout_random;
#endif

/* ------------------------------------------------------------------ */
/* The public API, as the headers declare it. */

%include "boardrules/common.h"
%include "boardrules/status.h"
%include "boardrules/version.h"
%include "boardrules/game.h"
%include "boardrules/state.h"
%include "boardrules/record.h"

/* The structs of learn.h are not wrapped as objects: an option spec becomes a
 * tuple / table (typemap(out) const br_option_spec *), facts and history
 * entries likewise through the typemaps above. */
%ignore br_option_spec;
%ignore br_facts;
%ignore br_history_entry;
%include "boardrules/learn.h"
%include "boardrules/bot.h"

/* SWIG cannot evaluate the cast in this macro: forget the macro in SWIG's
 * preprocessor and let the C compiler take its value. */
#undef BR_MOVE_NONE
%constant br_move BR_MOVE_NONE = BR_MOVE_NONE;
