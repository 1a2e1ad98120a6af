/*
 * A host that knows libboardrules only as a shared object with a C ABI, the
 * way ctypes, LuaJIT's FFI or Rust's libloading see it: it loads the library
 * at run time (dlopen), looks the functions up by name (dlsym) and calls them
 * through libffi (ffi_prep_cif / ffi_call). No boardrules header is included
 * and nothing is linked against the library: the function types below are
 * written out from the documented ABI.
 *
 * It plays a seeded Tsuro game and prints the same transcript as
 * linked_host.c, which plays it through the linked API; test_ffi.sh compares
 * the two.
 *
 * Usage: ffi_host [seed [players]]
 * The library is $BOARDRULES_LIBRARY when set, else "libboardrules.so.0" as
 * the dynamic loader finds it (the installed library).
 */
#include <dlfcn.h>
#include <ffi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "pick.h"

#define DEFAULT_LIBRARY "libboardrules.so.0"
#define MAX_MOVES 1024
#define MAX_ARGS 6
#define BR_OK 0               /* br_status values used here (status.h) */
#define BR_ERR_BUFFER (-7)

typedef int32_t move_t;       /* br_move */

/* ------------------------------------------------------------------ */
/* The part of the ABI this host uses. Type codes: v void, i int (also the
 * br_status enum), m br_move (int32_t), z size_t, p any pointer. */

enum fn_id {
    FN_VERSION_STRING, FN_STATUS_STRING, FN_GAME_FIND, FN_STATE_NEW, FN_STATE_FREE,
    FN_IS_TERMINAL, FN_CURRENT_PLAYER, FN_NUM_PLAYERS, FN_MAX_LEGAL_MOVES,
    FN_LEGAL_MOVES, FN_MOVE_TO_TEXT, FN_APPLY, FN_LAST_ERROR, FN_RETURNS, FN_TO_JSON,
    FN_COUNT
};

/* How a function is called, as the headers declare it. */
typedef struct abi_signature {
    const char *name;
    char ret;
    const char *args;
} abi_signature;

static const abi_signature signatures[FN_COUNT] = {
    [FN_VERSION_STRING] = { "br_version_string", 'p', "" },
    [FN_STATUS_STRING] = { "br_status_string", 'p', "i" },
    [FN_GAME_FIND] = { "br_game_find", 'p', "p" },
    [FN_STATE_NEW] = { "br_state_new", 'i', "ppppz" },
    [FN_STATE_FREE] = { "br_state_free", 'v', "p" },
    [FN_IS_TERMINAL] = { "br_state_is_terminal", 'i', "p" },
    [FN_CURRENT_PLAYER] = { "br_state_current_player", 'i', "p" },
    [FN_NUM_PLAYERS] = { "br_state_num_players", 'i', "p" },
    [FN_MAX_LEGAL_MOVES] = { "br_state_max_legal_moves", 'z', "p" },
    [FN_LEGAL_MOVES] = { "br_state_legal_moves", 'i', "ppzp" },
    [FN_MOVE_TO_TEXT] = { "br_state_move_to_text", 'i', "pmpzp" },
    [FN_APPLY] = { "br_state_apply", 'i', "pm" },
    [FN_LAST_ERROR] = { "br_state_last_error", 'p', "p" },
    [FN_RETURNS] = { "br_state_returns", 'i', "ppz" },
    [FN_TO_JSON] = { "br_state_to_json", 'i', "ppzp" },
};

/* A function found in the loaded library, with its prepared call interface. */
typedef struct bound_fn {
    void *address;
    ffi_cif cif;
    ffi_type *arg_types[MAX_ARGS];
} bound_fn;

static bound_fn abi[FN_COUNT];

static ffi_type *ffi_type_of(char code)
{
    switch (code) {
    case 'v': return &ffi_type_void;
    case 'i': return &ffi_type_sint;
    case 'm': return &ffi_type_sint32;
    case 'z': return sizeof(size_t) == 8 ? &ffi_type_uint64 : &ffi_type_uint32;
    default: return &ffi_type_pointer;
    }
}

/* Looks every function up and prepares its call interface. */
static int bind_abi(void *library)
{
    for (int i = 0; i < FN_COUNT; i++) {
        const abi_signature *sig = &signatures[i];
        bound_fn *fn = &abi[i];
        fn->address = dlsym(library, sig->name);
        if (!fn->address) {
            fprintf(stderr, "ffi_host: %s not found: %s\n", sig->name, dlerror());
            return 1;
        }
        unsigned nargs = 0;
        for (const char *a = sig->args; *a && nargs < MAX_ARGS; a++)
            fn->arg_types[nargs++] = ffi_type_of(*a);
        if (ffi_prep_cif(&fn->cif, FFI_DEFAULT_ABI, nargs, ffi_type_of(sig->ret),
                         fn->arg_types) != FFI_OK) {
            fprintf(stderr, "ffi_host: ffi_prep_cif failed for %s\n", sig->name);
            return 1;
        }
    }
    return 0;
}

/* Calls through libffi. Integer results narrower than a register come back
 * widened to ffi_arg (libffi's rule), hence the ffi_sarg / ffi_arg storage. */
static int call_int(enum fn_id id, void **args)
{
    ffi_sarg result = 0;
    ffi_call(&abi[id].cif, FFI_FN(abi[id].address), &result, args);
    return (int)result;
}

static size_t call_size(enum fn_id id, void **args)
{
    ffi_arg result = 0;
    ffi_call(&abi[id].cif, FFI_FN(abi[id].address), &result, args);
    return (size_t)result;
}

static void *call_ptr(enum fn_id id, void **args)
{
    void *result = NULL;
    ffi_call(&abi[id].cif, FFI_FN(abi[id].address), &result, args);
    return result;
}

static void call_void(enum fn_id id, void **args)
{
    ffi_call(&abi[id].cif, FFI_FN(abi[id].address), NULL, args);
}

/* ------------------------------------------------------------------ */
/* Typed wrappers: the argument arrays hold pointers to the values. */

static const char *version_string(void)
{
    return call_ptr(FN_VERSION_STRING, NULL);
}

static const char *status_string(int status)
{
    void *args[] = { &status };
    return call_ptr(FN_STATUS_STRING, args);
}

static void *game_find(const char *name)
{
    void *args[] = { &name };
    return call_ptr(FN_GAME_FIND, args);
}

static int state_new(void *game, const char *options, void **out, char *err, size_t err_size)
{
    void *args[] = { &game, &options, &out, &err, &err_size };
    return call_int(FN_STATE_NEW, args);
}

static void state_free(void *state)
{
    void *args[] = { &state };
    call_void(FN_STATE_FREE, args);
}

static int state_int(enum fn_id id, void *state)
{
    void *args[] = { &state };
    return call_int(id, args);
}

static size_t max_legal_moves(void *state)
{
    void *args[] = { &state };
    return call_size(FN_MAX_LEGAL_MOVES, args);
}

static int legal_moves(void *state, move_t *moves, size_t capacity, size_t *count)
{
    void *args[] = { &state, &moves, &capacity, &count };
    return call_int(FN_LEGAL_MOVES, args);
}

static int move_to_text(void *state, move_t move, char *buf, size_t size)
{
    size_t *len = NULL;
    void *args[] = { &state, &move, &buf, &size, &len };
    return call_int(FN_MOVE_TO_TEXT, args);
}

static int apply_move(void *state, move_t move)
{
    void *args[] = { &state, &move };
    return call_int(FN_APPLY, args);
}

static const char *last_error(void *state)
{
    void *args[] = { &state };
    return call_ptr(FN_LAST_ERROR, args);
}

static int state_returns(void *state, double *out, size_t n)
{
    void *args[] = { &state, &out, &n };
    return call_int(FN_RETURNS, args);
}

static int to_json(void *state, char *buf, size_t size, size_t *len)
{
    void *args[] = { &state, &buf, &size, &len };
    return call_int(FN_TO_JSON, args);
}

/* ------------------------------------------------------------------ */
/* The game: the same steps and output as linked_host.c. */

static int print_result(void *s)
{
    double returns[8];
    int n = state_int(FN_NUM_PLAYERS, s);
    if (state_returns(s, returns, 8) != BR_OK)
        return 1;
    printf("returns");
    for (int i = 0; i < n; i++)
        printf(" %g", returns[i]);
    printf("\n");
    size_t len = 0;
    if (to_json(s, NULL, 0, &len) != BR_ERR_BUFFER)
        return 1;
    char *json = malloc(len + 1);
    if (!json || to_json(s, json, len + 1, NULL) != BR_OK) {
        free(json);
        return 1;
    }
    printf("snapshot %s\n", json);
    free(json);
    return 0;
}

static int play(void *s, picker *p)
{
    move_t moves[MAX_MOVES];
    if (max_legal_moves(s) > MAX_MOVES)
        return 1;
    while (!state_int(FN_IS_TERMINAL, s)) {
        size_t n;
        if (legal_moves(s, moves, MAX_MOVES, &n) != BR_OK || n == 0)
            return 1;
        move_t m = moves[picker_index(p, n)];
        char text[64];
        if (move_to_text(s, m, text, sizeof text) != BR_OK)
            return 1;
        printf("seat %d plays %d %s\n", state_int(FN_CURRENT_PLAYER, s), (int)m, text);
        int st = apply_move(s, m);
        if (st != BR_OK) {
            fprintf(stderr, "ffi_host: %s: %s\n", status_string(st), last_error(s));
            return 1;
        }
    }
    return print_result(s);
}

int main(int argc, char **argv)
{
    unsigned long long seed = argc > 1 ? strtoull(argv[1], NULL, 10) : PICK_DEFAULT_SEED;
    int players = argc > 2 ? atoi(argv[2]) : PICK_DEFAULT_PLAYERS;
    const char *path = getenv("BOARDRULES_LIBRARY");
    if (!path || !*path)
        path = DEFAULT_LIBRARY;

    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "ffi_host: cannot load %s: %s\n", path, dlerror());
        return 1;
    }
    int rc = bind_abi(library);
    void *state = NULL;
    if (rc == 0) {
        char options[64], err[256] = "";
        snprintf(options, sizeof options, "players=%d,seed=%llu", players, seed);
        if (state_new(game_find("tsuro"), options, &state, err, sizeof err) != BR_OK) {
            fprintf(stderr, "ffi_host: %s\n", err);
            rc = 1;
        } else {
            printf("libboardrules %s, tsuro %s\n", version_string(), options);
            picker p = picker_seeded(seed);
            rc = play(state, &p);
            state_free(state);
        }
    }
    dlclose(library);
    return rc;
}
