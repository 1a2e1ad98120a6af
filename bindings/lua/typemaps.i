/*
 * Lua typemaps for the C conventions of libboardrules (see ../boardrules.i
 * for which arguments they apply to). A function with out-parameters returns
 * several values: its status first, then each out-value in argument order.
 *
 * Errors inside a wrapper push a message and jump to SWIG's `fail` label,
 * which releases what the typemaps allocated before raising the Lua error
 * (luaL_error() would jump past that cleanup).
 */

%{
/* An integer argument: a Lua integer, or a float with an exact integer value.
 * Strings are not numbers here (a move text must not pass as a move number). */
static int brx_lua_isinteger(lua_State *L, int idx)
{
    int ok = 0;
    if (lua_type(L, idx) == LUA_TNUMBER)
        (void)lua_tointegerx(L, idx, &ok);
    return ok;
}

/* A scratch array of `count` elements of `elem` bytes: the stack buffer
 * `stack` when it is large enough, else the heap (NULL when out of memory). */
static void *brx_lua_scratch(void *stack, size_t stack_count, size_t count, size_t elem)
{
    if (count <= stack_count)
        return stack;
    if (count > SIZE_MAX / elem)
        return NULL;
    return malloc(count * elem);
}

static void brx_lua_push_moves(lua_State *L, const br_move *moves, size_t count)
{
    lua_createtable(L, count < INT_MAX ? (int)count : 0, 0);
    for (size_t i = 0; i < count; i++) {
        lua_pushinteger(L, moves[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

static void brx_lua_push_doubles(lua_State *L, const double *values, size_t count)
{
    lua_createtable(L, count < INT_MAX ? (int)count : 0, 0);
    for (size_t i = 0; i < count; i++) {
        lua_pushnumber(L, values[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

static void brx_lua_push_counts(lua_State *L, const uint64_t *values, size_t count)
{
    lua_createtable(L, count < INT_MAX ? (int)count : 0, 0);
    for (size_t i = 0; i < count; i++) {
        lua_pushinteger(L, (lua_Integer)values[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}
%}

/* ---- integers: Lua 5.4 has real integers; use them both ways ---- */
%typemap(in, checkfn="brx_lua_isinteger") int, long, long long, int32_t, enum SWIGTYPE
%{ $1 = ($1_ltype)lua_tointeger(L, $input);
   if ((lua_Integer)$1 != lua_tointeger(L, $input)) {
       SWIG_Lua_pusherrstring(L, "integer out of range for argument $argnum of $symname");
       SWIG_fail;
   } %}

%typemap(in, checkfn="brx_lua_isinteger") unsigned int, unsigned long, size_t, uint32_t
%{ if (lua_tointeger(L, $input) < 0) {
       SWIG_Lua_pusherrstring(L, "argument $argnum of $symname must not be negative");
       SWIG_fail;
   }
   $1 = ($1_ltype)lua_tointeger(L, $input);
   if ((lua_Integer)$1 != lua_tointeger(L, $input)) {
       SWIG_Lua_pusherrstring(L, "integer out of range for argument $argnum of $symname");
       SWIG_fail;
   } %}

/* Seeds: 0 .. math.maxinteger. A negative Lua integer is refused, not taken
 * as its two's complement (Python refuses negative seeds too); seeds of 2^63
 * and more are given as text in the options string. */
%typemap(in, checkfn="brx_lua_isinteger") uint64_t, unsigned long long
%{ if (lua_tointeger(L, $input) < 0) {
       SWIG_Lua_pushferrstring(L, "%s: argument %d (a seed) must not be negative, got %I",
                               "$symname", $argnum, (lua_Integer)lua_tointeger(L, $input));
       SWIG_fail;
   }
   $1 = ($1_ltype)lua_tointeger(L, $input); %}

/* ---- const char *: a Lua string (or nil for NULL) without NUL bytes. C
 * reads a string up to its first NUL, so "players=2\0,players=9" would make
 * a 2-player game and a move text with "\0junk" appended would pass; a string
 * whose length (as Lua reports it) differs from strlen is refused. ---- */
%{
/* The C string at $input, or NULL for nil; NULL with *bad = 1 when the
 * string holds a NUL byte (the message is pushed). */
static const char *brx_lua_c_string(lua_State *L, int idx, const char *fn, int argnum, int *bad)
{
    size_t len = 0;
    const char *text;
    *bad = 0;
    if (lua_isnil(L, idx))
        return NULL;
    text = lua_tolstring(L, idx, &len);
    if (text && strlen(text) != len) {
        SWIG_Lua_pushferrstring(L, "%s: argument %d must not contain NUL characters (byte %I)",
                                fn, argnum, (lua_Integer)(strlen(text) + 1));
        *bad = 1;
        return NULL;
    }
    return text;
}
%}
%typemap(in, checkfn="SWIG_lua_isnilstring") const char *, char * {
    int bad_text = 0;
    $1 = ($1_ltype)brx_lua_c_string(L, $input, "$symname", $argnum, &bad_text);
    if (bad_text)
        SWIG_fail;
}

%typemap(out) int, long, long long, int32_t, unsigned int, unsigned long, size_t, uint32_t,
              uint64_t, unsigned long long, enum SWIGTYPE
%{ lua_pushinteger(L, (lua_Integer)$1); SWIG_arg++; %}

%typecheck(SWIG_TYPECHECK_INTEGER) int, long, long long, int32_t, unsigned int, unsigned long,
                                   size_t, uint32_t, uint64_t, unsigned long long, enum SWIGTYPE
%{ $1 = brx_lua_isinteger(L, $input); %}

/* ---- br_state **NEW_STATE: a new state owned by the returned userdata ---- */
%typemap(in, numinputs=0) br_state **NEW_STATE (br_state *new_state = NULL) {
    $1 = &new_state;
}
%typemap(argout) br_state **NEW_STATE {
    SWIG_NewPointerObj(L, *$1, $*1_descriptor, 1);
    SWIG_arg++;
}

/* ---- (char *REASON, size_t REASON_SIZE): a reason buffer ---- */
%typemap(in, numinputs=0) (char *REASON, size_t REASON_SIZE) (char reason[BRX_REASON_SIZE]) {
    reason[0] = '\0';
    $1 = reason;
    $2 = sizeof reason;
}
%typemap(argout) (char *REASON, size_t REASON_SIZE) {
    lua_pushstring(L, $1);
    SWIG_arg++;
}

/* Reads a buffer size or count; on a bad value pushes the message and fails. */
%define BRX_LUA_SIZE_ARG(dest)
    if (!brx_lua_isinteger(L, $input) || lua_tointeger(L, $input) < 0) {
        SWIG_Lua_pushferrstring(L, "%s: argument %d must be a non-negative integer",
                                "$symname", $argnum);
        SWIG_fail;
    }
    dest = (size_t)lua_tointeger(L, $input);
%enddef

%define BRX_LUA_NO_MEMORY
    SWIG_Lua_pusherrstring(L, "$symname: out of memory");
    SWIG_fail;
%enddef

/* ---- (char *TEXT, size_t TEXT_SIZE, size_t *TEXT_LEN): text out ---- */
%typemap(in, checkfn="brx_lua_isinteger") (char *TEXT, size_t TEXT_SIZE, size_t *TEXT_LEN)
             (char stack[BRX_STACK_ENTRIES], size_t text_len = 0) {
    BRX_LUA_SIZE_ARG($2)
    $1 = (char *)brx_lua_scratch(stack, sizeof stack, $2, 1);
    if (!$1) { BRX_LUA_NO_MEMORY }
    $1[0] = '\0';
    $3 = &text_len;
}
%typemap(argout) (char *TEXT, size_t TEXT_SIZE, size_t *TEXT_LEN) {
    lua_pushstring(L, $2 > 0 ? $1 : "");
    lua_pushinteger(L, (lua_Integer)*$3);
    SWIG_arg += 2;
}
%typemap(freearg) (char *TEXT, size_t TEXT_SIZE, size_t *TEXT_LEN) {
    if ($1 != stack$argnum)
        free($1);
}

/* ---- (void *BYTES, size_t BYTES_SIZE, size_t *BYTES_LEN): bytes out, as a
 * Lua string (Lua strings hold any bytes) ---- */
%typemap(in, checkfn="brx_lua_isinteger") (void *BYTES, size_t BYTES_SIZE, size_t *BYTES_LEN)
             (char stack[BRX_STACK_ENTRIES], size_t bytes_len = 0) {
    BRX_LUA_SIZE_ARG($2)
    $1 = brx_lua_scratch(stack, sizeof stack, $2, 1);
    if (!$1) { BRX_LUA_NO_MEMORY }
    $3 = &bytes_len;
}
%typemap(argout) (void *BYTES, size_t BYTES_SIZE, size_t *BYTES_LEN) {
    lua_pushlstring(L, (const char *)$1, *$3 <= $2 ? *$3 : 0);
    lua_pushinteger(L, (lua_Integer)*$3);
    SWIG_arg += 2;
}
%typemap(freearg) (void *BYTES, size_t BYTES_SIZE, size_t *BYTES_LEN) {
    if ($1 != stack$argnum)
        free($1);
}

/* ---- (const void *BYTES_IN, size_t BYTES_IN_LEN): a Lua string of bytes ---- */
%typemap(in, checkfn="lua_isstring") (const void *BYTES_IN, size_t BYTES_IN_LEN) {
    size_t bytes_in_len = 0;
    $1 = ($1_ltype)lua_tolstring(L, $input, &bytes_in_len);
    $2 = bytes_in_len;
}

/* ---- (br_move *MOVES, size_t CAPACITY, size_t *COUNT): move list out ---- */
%typemap(in, checkfn="brx_lua_isinteger") (br_move *MOVES, size_t CAPACITY, size_t *COUNT)
             (br_move stack[BRX_STACK_ENTRIES], size_t count = 0) {
    BRX_LUA_SIZE_ARG($2)
    $1 = (br_move *)brx_lua_scratch(stack, BRX_STACK_ENTRIES, $2, sizeof(br_move));
    if (!$1) { BRX_LUA_NO_MEMORY }
    $3 = &count;
}
%typemap(argout) (br_move *MOVES, size_t CAPACITY, size_t *COUNT) {
    brx_lua_push_moves(L, $1, *$3 < $2 ? *$3 : $2);
    SWIG_arg++;
}
%typemap(freearg) (br_move *MOVES, size_t CAPACITY, size_t *COUNT) {
    if ($1 != stack$argnum)
        free($1);
}

/* ---- (br_move *MOVES, double *PROBS, size_t CAPACITY, size_t *COUNT) ---- */
%typemap(in, checkfn="brx_lua_isinteger") (br_move *MOVES, double *PROBS, size_t CAPACITY, size_t *COUNT)
             (br_move stack_moves[BRX_STACK_ENTRIES], double stack_probs[BRX_STACK_ENTRIES],
              size_t count = 0) {
    BRX_LUA_SIZE_ARG($3)
    $1 = (br_move *)brx_lua_scratch(stack_moves, BRX_STACK_ENTRIES, $3, sizeof(br_move));
    if (!$1) { BRX_LUA_NO_MEMORY }
    $2 = (double *)brx_lua_scratch(stack_probs, BRX_STACK_ENTRIES, $3, sizeof(double));
    if (!$2) { BRX_LUA_NO_MEMORY }
    $4 = &count;
}
%typemap(argout) (br_move *MOVES, double *PROBS, size_t CAPACITY, size_t *COUNT) {
    size_t shown = *$4 < $3 ? *$4 : $3;
    brx_lua_push_moves(L, $1, shown);
    brx_lua_push_doubles(L, $2, shown);
    SWIG_arg += 2;
}
%typemap(freearg) (br_move *MOVES, double *PROBS, size_t CAPACITY, size_t *COUNT) {
    if ($1 && $1 != stack_moves$argnum)
        free($1);
    if ($2 && $2 != stack_probs$argnum)
        free($2);
}

/* ---- (double *VALUES, size_t NUM_VALUES): per-player values out ---- */
%typemap(in, checkfn="brx_lua_isinteger") (double *VALUES, size_t NUM_VALUES)
             (double stack[BRX_STACK_ENTRIES]) {
    BRX_LUA_SIZE_ARG($2)
    $1 = (double *)brx_lua_scratch(stack, BRX_STACK_ENTRIES, $2, sizeof(double));
    if (!$1) { BRX_LUA_NO_MEMORY }
    for (size_t i = 0; i < $2; i++)
        $1[i] = 0.0;
}
%typemap(argout) (double *VALUES, size_t NUM_VALUES) {
    brx_lua_push_doubles(L, $1, $2);
    SWIG_arg++;
}
%typemap(freearg) (double *VALUES, size_t NUM_VALUES) {
    if ($1 != stack$argnum)
        free($1);
}

/* ---- (uint64_t *COUNTS, size_t NUM_COUNTS): per-player counts out ---- */
%typemap(in, checkfn="brx_lua_isinteger") (uint64_t *COUNTS, size_t NUM_COUNTS)
             (uint64_t stack[BRX_STACK_ENTRIES]) {
    BRX_LUA_SIZE_ARG($2)
    $1 = (uint64_t *)brx_lua_scratch(stack, BRX_STACK_ENTRIES, $2, sizeof(uint64_t));
    if (!$1) { BRX_LUA_NO_MEMORY }
    for (size_t i = 0; i < $2; i++)
        $1[i] = 0;
}
%typemap(argout) (uint64_t *COUNTS, size_t NUM_COUNTS) {
    brx_lua_push_counts(L, $1, $2);
    SWIG_arg++;
}
%typemap(freearg) (uint64_t *COUNTS, size_t NUM_COUNTS) {
    if ($1 != stack$argnum)
        free($1);
}

/* ---- (const br_move *MOVES_IN, size_t NUM_MOVES_IN): a table of moves in ---- */
%typemap(in, checkfn="lua_istable") (const br_move *MOVES_IN, size_t NUM_MOVES_IN) {
    $2 = (size_t)lua_rawlen(L, $input);
    $1 = (br_move *)malloc(($2 ? $2 : 1) * sizeof(br_move));
    if (!$1) { BRX_LUA_NO_MEMORY }
    for (size_t i = 0; i < $2; i++) {
        lua_rawgeti(L, $input, (lua_Integer)i + 1);
        int ok = brx_lua_isinteger(L, -1);
        lua_Integer value = ok ? lua_tointeger(L, -1) : 0;
        lua_pop(L, 1);
        if (!ok || value < INT32_MIN || value > INT32_MAX) {
            SWIG_Lua_pushferrstring(L, "%s: move %d is not a 32-bit integer", "$symname",
                                    (int)i + 1);
            SWIG_fail;
        }
        $1[i] = (br_move)value;
    }
}
%typemap(freearg) (const br_move *MOVES_IN, size_t NUM_MOVES_IN) {
    free((void *)$1);
}

/* ---- single values returned through pointers ---- */
%typemap(in, numinputs=0) br_move *MOVE_OUT (br_move value = BR_MOVE_NONE) { $1 = &value; }
%typemap(argout) br_move *MOVE_OUT { lua_pushinteger(L, *$1); SWIG_arg++; }

%typemap(in, numinputs=0) size_t *SIZE_OUT (size_t value = 0) { $1 = &value; }
%typemap(argout) size_t *SIZE_OUT { lua_pushinteger(L, (lua_Integer)*$1); SWIG_arg++; }

%typemap(in, numinputs=0) uint64_t *U64_OUT (uint64_t value = 0) { $1 = &value; }
%typemap(argout) uint64_t *U64_OUT { lua_pushinteger(L, (lua_Integer)*$1); SWIG_arg++; }

/* ------------------------------------------------------------------ */
/* The learning interface (learn.h). */

%{
static void brx_lua_set_int(lua_State *L, const char *key, lua_Integer value)
{
    lua_pushinteger(L, value);
    lua_setfield(L, -2, key);
}

/* An unsigned 64-bit value: an integer when it fits, else a float. */
static void brx_lua_set_u64(lua_State *L, const char *key, uint64_t value)
{
    if (value <= (uint64_t)LUA_MAXINTEGER)
        lua_pushinteger(L, (lua_Integer)value);
    else
        lua_pushnumber(L, (lua_Number)value);
    lua_setfield(L, -2, key);
}

static void brx_lua_set_text(lua_State *L, const char *key, const char *value)
{
    if (value) {
        lua_pushstring(L, value);
        lua_setfield(L, -2, key);
    }
}

/* The facts as a table with the C member names; tensor_shape an array. */
static void brx_lua_push_facts(lua_State *L, const br_facts *f)
{
    size_t rank = f->tensor_rank <= BR_TENSOR_MAX_RANK ? f->tensor_rank : BR_TENSOR_MAX_RANK;
    lua_createtable(L, 0, 11);
    brx_lua_set_int(L, "num_players", f->num_players);
    brx_lua_set_int(L, "has_chance", f->has_chance);
    brx_lua_set_int(L, "has_hidden_information", f->has_hidden_information);
    brx_lua_set_int(L, "returns_kind", f->returns_kind);
    brx_lua_set_int(L, "move_space", (lua_Integer)f->move_space);
    brx_lua_set_int(L, "max_legal_moves", (lua_Integer)f->max_legal_moves);
    brx_lua_set_int(L, "max_game_length", (lua_Integer)f->max_game_length);
    brx_lua_set_int(L, "tensor_rank", (lua_Integer)rank);
    brx_lua_set_int(L, "tensor_size", (lua_Integer)f->tensor_size);
    brx_lua_set_int(L, "information_state_size", (lua_Integer)f->information_state_size);
    lua_createtable(L, (int)rank, 0);
    for (size_t i = 0; i < rank; i++) {
        lua_pushinteger(L, (lua_Integer)f->tensor_shape[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "tensor_shape");
}

/* An option spec as a table {key, kind, default, min, max, choices, help}
 * (kind the C number, choices an array), or nil for NULL. */
static void brx_lua_push_option_spec(lua_State *L, const br_option_spec *spec)
{
    if (!spec) {
        lua_pushnil(L);
        return;
    }
    lua_createtable(L, 0, 7);
    brx_lua_set_text(L, "key", spec->key);
    brx_lua_set_int(L, "kind", spec->kind);
    brx_lua_set_text(L, "default", spec->default_value);
    brx_lua_set_u64(L, "min", spec->min);
    brx_lua_set_u64(L, "max", spec->max);
    if (spec->choices) {
        lua_newtable(L);
        for (lua_Integer i = 0; spec->choices[i]; i++) {
            lua_pushstring(L, spec->choices[i]);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "choices");
    }
    brx_lua_set_text(L, "help", spec->help);
}
%}

/* ---- (float *FLOATS_OUT, size_t NUM_FLOATS_OUT): the script passes the
 * number of floats and gets an array of numbers, filled here in C ---- */
%typemap(in, checkfn="brx_lua_isinteger") (float *FLOATS_OUT, size_t NUM_FLOATS_OUT)
             (float stack[BRX_STACK_ENTRIES]) {
    BRX_LUA_SIZE_ARG($2)
    $1 = (float *)brx_lua_scratch(stack, BRX_STACK_ENTRIES, $2, sizeof(float));
    if (!$1) { BRX_LUA_NO_MEMORY }
}
%typemap(argout) (float *FLOATS_OUT, size_t NUM_FLOATS_OUT) {
    size_t shown = result == BR_OK ? $2 : 0; /* nothing is written on failure */
    lua_createtable(L, shown < INT_MAX ? (int)shown : 0, 0);
    for (size_t i = 0; i < shown; i++) {
        lua_pushnumber(L, (lua_Number)$1[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    SWIG_arg++;
}
%typemap(freearg) (float *FLOATS_OUT, size_t NUM_FLOATS_OUT) {
    if ($1 && $1 != stack$argnum)
        free($1);
}

/* ---- (uint8_t *BYTES_MASK_OUT, size_t NUM_MASK_OUT): an array of 0/1 ---- */
%typemap(in, checkfn="brx_lua_isinteger") (uint8_t *BYTES_MASK_OUT, size_t NUM_MASK_OUT)
             (uint8_t stack[BRX_STACK_ENTRIES]) {
    BRX_LUA_SIZE_ARG($2)
    $1 = (uint8_t *)brx_lua_scratch(stack, BRX_STACK_ENTRIES, $2, 1);
    if (!$1) { BRX_LUA_NO_MEMORY }
}
%typemap(argout) (uint8_t *BYTES_MASK_OUT, size_t NUM_MASK_OUT) {
    size_t shown = result == BR_OK ? $2 : 0;
    lua_createtable(L, shown < INT_MAX ? (int)shown : 0, 0);
    for (size_t i = 0; i < shown; i++) {
        lua_pushinteger(L, $1[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    SWIG_arg++;
}
%typemap(freearg) (uint8_t *BYTES_MASK_OUT, size_t NUM_MASK_OUT) {
    if ($1 && $1 != stack$argnum)
        free($1);
}

/* ---- (br_facts *FACTS_OUT, size_t FACTS_SIZE): the facts as a table ---- */
%typemap(in, numinputs=0) (br_facts *FACTS_OUT, size_t FACTS_SIZE) (br_facts facts) {
    memset(&facts, 0, sizeof facts);
    $1 = &facts;
    $2 = sizeof facts;
}
%typemap(argout) (br_facts *FACTS_OUT, size_t FACTS_SIZE) {
    brx_lua_push_facts(L, $1);
    SWIG_arg++;
}

/* ---- const br_option_spec *: a table, or nil ---- */
%typemap(out) const br_option_spec * {
    brx_lua_push_option_spec(L, $1);
    SWIG_arg++;
}

/* ---- (br_history_entry *HISTORY, size_t CAPACITY, size_t *COUNT): an
 * array of {move =, player =} and the count ---- */
%typemap(in, checkfn="brx_lua_isinteger") (br_history_entry *HISTORY, size_t CAPACITY, size_t *COUNT)
             (br_history_entry stack[BRX_STACK_ENTRIES], size_t count = 0) {
    BRX_LUA_SIZE_ARG($2)
    $1 = (br_history_entry *)brx_lua_scratch(stack, BRX_STACK_ENTRIES, $2,
                                             sizeof(br_history_entry));
    if (!$1) { BRX_LUA_NO_MEMORY }
    $3 = &count;
}
%typemap(argout) (br_history_entry *HISTORY, size_t CAPACITY, size_t *COUNT) {
    size_t shown = *$3 < $2 ? *$3 : $2;
    lua_createtable(L, shown < INT_MAX ? (int)shown : 0, 0);
    for (size_t i = 0; i < shown; i++) {
        lua_createtable(L, 0, 2);
        brx_lua_set_int(L, "move", $1[i].move);
        brx_lua_set_int(L, "player", $1[i].player);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_pushinteger(L, (lua_Integer)*$3);
    SWIG_arg += 2;
}
%typemap(freearg) (br_history_entry *HISTORY, size_t CAPACITY, size_t *COUNT) {
    if ($1 && $1 != stack$argnum)
        free($1);
}

/* ---- (int *FLAGS_OUT, size_t NUM_FLAGS): per-player flags, an array ---- */
%typemap(in, checkfn="brx_lua_isinteger") (int *FLAGS_OUT, size_t NUM_FLAGS)
             (int stack[BRX_STACK_ENTRIES]) {
    BRX_LUA_SIZE_ARG($2)
    $1 = (int *)brx_lua_scratch(stack, BRX_STACK_ENTRIES, $2, sizeof(int));
    if (!$1) { BRX_LUA_NO_MEMORY }
    for (size_t i = 0; i < $2; i++)
        $1[i] = 0;
}
%typemap(argout) (int *FLAGS_OUT, size_t NUM_FLAGS) {
    lua_createtable(L, $2 < INT_MAX ? (int)$2 : 0, 0);
    for (size_t i = 0; i < $2; i++) {
        lua_pushinteger(L, $1[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    SWIG_arg++;
}
%typemap(freearg) (int *FLAGS_OUT, size_t NUM_FLAGS) {
    if ($1 && $1 != stack$argnum)
        free($1);
}

/* ------------------------------------------------------------------ */
/* Parsed records (record.h). */

/* ---- br_bot **NEW_BOT: a new bot owned by the returned userdata ---- */
%typemap(in, numinputs=0) br_bot **NEW_BOT (br_bot *new_bot = NULL) {
    $1 = &new_bot;
}
%typemap(argout) br_bot **NEW_BOT {
    SWIG_NewPointerObj(L, *$1, $*1_descriptor, 1);
    SWIG_arg++;
}

/* ---- br_record **NEW_RECORD: a new record owned by the returned userdata ---- */
%typemap(in, numinputs=0) br_record **NEW_RECORD (br_record *new_record = NULL) {
    $1 = &new_record;
}
%typemap(argout) br_record **NEW_RECORD {
    SWIG_NewPointerObj(L, *$1, $*1_descriptor, 1);
    SWIG_arg++;
}

/* ---- const char **TEXT_OUT: a string owned by the library, as a Lua
 * string (nil for NULL) ---- */
%typemap(in, numinputs=0) const char **TEXT_OUT (const char *text_out = NULL) {
    $1 = ($1_ltype)&text_out;
}
%typemap(argout) const char **TEXT_OUT {
    if (*$1)
        lua_pushstring(L, *$1);
    else
        lua_pushnil(L);
    SWIG_arg++;
}

/* ---- int *INT_OUT ---- */
%typemap(in, numinputs=0) int *INT_OUT (int int_out = 0) { $1 = &int_out; }
%typemap(argout) int *INT_OUT { lua_pushinteger(L, *$1); SWIG_arg++; }

/* ---- (const char *const *TAGS_IN, size_t NUM_TAGS_IN): an array of strings
 * key, value, key, value, ...; NUM_TAGS_IN is the number of pairs. The
 * strings stay alive in the table during the call. ---- */
%typemap(in, checkfn="lua_istable") (const char *const *TAGS_IN, size_t NUM_TAGS_IN) {
    size_t n = (size_t)lua_rawlen(L, $input);
    if (n % 2) {
        SWIG_Lua_pushferrstring(L, "%s: tags must be key, value pairs", "$symname");
        SWIG_fail;
    }
    const char **strings = (const char **)malloc((n ? n : 1) * sizeof(char *));
    if (!strings) { BRX_LUA_NO_MEMORY }
    $1 = ($1_ltype)strings;
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, $input, (lua_Integer)i + 1);
        size_t len = 0;
        int ok = lua_type(L, -1) == LUA_TSTRING;
        strings[i] = ok ? lua_tolstring(L, -1, &len) : NULL;
        lua_pop(L, 1);
        if (!ok) {
            SWIG_Lua_pushferrstring(L, "%s: tag entry %d is not a string", "$symname", (int)i + 1);
            SWIG_fail;
        }
        if (strlen(strings[i]) != len) { /* C would read it cut at the NUL */
            SWIG_Lua_pushferrstring(L, "%s: tag entry %d must not contain NUL characters",
                                    "$symname", (int)i + 1);
            SWIG_fail;
        }
    }
    $2 = n / 2;
}
%typemap(freearg) (const char *const *TAGS_IN, size_t NUM_TAGS_IN) {
    free((void *)$1);
}
