/*
 * Python typemaps for the C conventions of libboardrules (see ../boardrules.i
 * for which arguments they apply to). A function with out-parameters returns
 * a sequence: its status first, then each out-value in argument order.
 */

%{
/* Text from the library as str; a truncated multi-byte character (the
 * library cuts texts that do not fit) becomes U+FFFD instead of an error. */
static PyObject *brx_py_text(const char *text)
{
    if (!text)
        Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), "replace");
}

/* Reads a buffer size or count from Python; false (with a Python exception
 * set) when it is not a non-negative int. */
static int brx_py_size(PyObject *obj, size_t *out)
{
    if (!PyLong_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "expected a non-negative int");
        return 0;
    }
    size_t n = PyLong_AsSize_t(obj);
    if (n == (size_t)-1 && PyErr_Occurred())
        return 0;
    *out = n;
    return 1;
}

/* A scratch array of `count` elements of `elem` bytes: the stack buffer
 * `stack` when it is large enough, else the heap (NULL with MemoryError set). */
static void *brx_py_scratch(void *stack, size_t stack_count, size_t count, size_t elem)
{
    if (count <= stack_count)
        return stack;
    if (count > PY_SSIZE_T_MAX / elem) {
        PyErr_NoMemory();
        return NULL;
    }
    void *p = malloc(count * elem);
    if (!p)
        PyErr_NoMemory();
    return p;
}

static PyObject *brx_py_moves(const br_move *moves, size_t count)
{
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *item = PyLong_FromLong(moves[i]);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    return list;
}

static PyObject *brx_py_doubles(const double *values, size_t count)
{
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *item = PyFloat_FromDouble(values[i]);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    return list;
}

static PyObject *brx_py_counts(const uint64_t *values, size_t count)
{
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *item = PyLong_FromUnsignedLongLong(values[i]);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    return list;
}
%}

/* Appends `obj` to the wrapper's result, failing when building it failed.
 * A SWIG macro, so that SWIG_AppendOutput is SWIG's version-specific one. */
%define BRX_PY_APPEND(obj)
    { PyObject *brx_obj = (obj); if (!brx_obj) SWIG_fail; $result = SWIG_AppendOutput($result, brx_obj); }
%enddef

/* ---- br_state **NEW_STATE: a new state owned by the returned object ---- */
%typemap(in, numinputs=0) br_state **NEW_STATE (br_state *new_state = NULL) {
    $1 = &new_state;
}
%typemap(argout) br_state **NEW_STATE {
    BRX_PY_APPEND(SWIG_NewPointerObj(SWIG_as_voidptr(*$1), $*1_descriptor, SWIG_POINTER_OWN));
    *$1 = NULL; /* the object owns it now */
}
%typemap(freearg) br_state **NEW_STATE {
    if ($1)
        br_state_free(*$1); /* only when the call failed after creating it */
}

/* ---- (char *REASON, size_t REASON_SIZE): a reason buffer ---- */
%typemap(in, numinputs=0) (char *REASON, size_t REASON_SIZE) (char reason[BRX_REASON_SIZE]) {
    reason[0] = '\0';
    $1 = reason;
    $2 = sizeof reason;
}
%typemap(argout) (char *REASON, size_t REASON_SIZE) {
    BRX_PY_APPEND(brx_py_text($1));
}

/* ---- (char *TEXT, size_t TEXT_SIZE, size_t *TEXT_LEN): text out ---- */
%typemap(in) (char *TEXT, size_t TEXT_SIZE, size_t *TEXT_LEN)
             (char stack[BRX_STACK_ENTRIES], size_t text_len = 0) {
    if (!brx_py_size($input, &$2))
        SWIG_fail;
    $1 = (char *)brx_py_scratch(stack, sizeof stack, $2, 1);
    if (!$1)
        SWIG_fail;
    $1[0] = '\0';
    $3 = &text_len;
}
%typemap(argout) (char *TEXT, size_t TEXT_SIZE, size_t *TEXT_LEN) {
    BRX_PY_APPEND(brx_py_text($2 > 0 ? $1 : ""));
    BRX_PY_APPEND(PyLong_FromSize_t(*$3));
}
%typemap(freearg) (char *TEXT, size_t TEXT_SIZE, size_t *TEXT_LEN) {
    if ($1 != stack$argnum)
        free($1);
}

/* ---- (void *BYTES, size_t BYTES_SIZE, size_t *BYTES_LEN): bytes out ---- */
%typemap(in) (void *BYTES, size_t BYTES_SIZE, size_t *BYTES_LEN)
             (char stack[BRX_STACK_ENTRIES], size_t bytes_len = 0) {
    if (!brx_py_size($input, &$2))
        SWIG_fail;
    $1 = brx_py_scratch(stack, sizeof stack, $2, 1);
    if (!$1)
        SWIG_fail;
    $3 = &bytes_len;
}
%typemap(argout) (void *BYTES, size_t BYTES_SIZE, size_t *BYTES_LEN) {
    size_t shown = *$3 <= $2 ? *$3 : 0; /* nothing useful when it did not fit */
    BRX_PY_APPEND(PyBytes_FromStringAndSize((const char *)$1, (Py_ssize_t)shown));
    BRX_PY_APPEND(PyLong_FromSize_t(*$3));
}
%typemap(freearg) (void *BYTES, size_t BYTES_SIZE, size_t *BYTES_LEN) {
    if ($1 != stack$argnum)
        free($1);
}

/* ---- (const void *BYTES_IN, size_t BYTES_IN_LEN): any bytes-like object ---- */
%typemap(in) (const void *BYTES_IN, size_t BYTES_IN_LEN) (Py_buffer view, int have_view = 0) {
    if (PyObject_GetBuffer($input, &view, PyBUF_SIMPLE) != 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "expected bytes, bytearray or memoryview, not %s",
                     Py_TYPE($input)->tp_name);
        SWIG_fail;
    }
    have_view = 1;
    $1 = view.buf;
    $2 = (size_t)view.len;
}
%typemap(freearg) (const void *BYTES_IN, size_t BYTES_IN_LEN) {
    if (have_view$argnum)
        PyBuffer_Release(&view$argnum);
}

/* ---- (br_move *MOVES, size_t CAPACITY, size_t *COUNT): move list out ---- */
%typemap(in) (br_move *MOVES, size_t CAPACITY, size_t *COUNT)
             (br_move stack[BRX_STACK_ENTRIES], size_t count = 0) {
    if (!brx_py_size($input, &$2))
        SWIG_fail;
    $1 = (br_move *)brx_py_scratch(stack, BRX_STACK_ENTRIES, $2, sizeof(br_move));
    if (!$1)
        SWIG_fail;
    $3 = &count;
}
%typemap(argout) (br_move *MOVES, size_t CAPACITY, size_t *COUNT) {
    BRX_PY_APPEND(brx_py_moves($1, *$3 < $2 ? *$3 : $2));
}
%typemap(freearg) (br_move *MOVES, size_t CAPACITY, size_t *COUNT) {
    if ($1 != stack$argnum)
        free($1);
}

/* ---- (br_move *MOVES, double *PROBS, size_t CAPACITY, size_t *COUNT) ---- */
%typemap(in) (br_move *MOVES, double *PROBS, size_t CAPACITY, size_t *COUNT)
             (br_move stack_moves[BRX_STACK_ENTRIES], double stack_probs[BRX_STACK_ENTRIES],
              size_t count = 0) {
    if (!brx_py_size($input, &$3))
        SWIG_fail;
    $1 = (br_move *)brx_py_scratch(stack_moves, BRX_STACK_ENTRIES, $3, sizeof(br_move));
    if (!$1)
        SWIG_fail;
    $2 = (double *)brx_py_scratch(stack_probs, BRX_STACK_ENTRIES, $3, sizeof(double));
    if (!$2)
        SWIG_fail;
    $4 = &count;
}
%typemap(argout) (br_move *MOVES, double *PROBS, size_t CAPACITY, size_t *COUNT) {
    size_t shown = *$4 < $3 ? *$4 : $3;
    BRX_PY_APPEND(brx_py_moves($1, shown));
    BRX_PY_APPEND(brx_py_doubles($2, shown));
}
%typemap(freearg) (br_move *MOVES, double *PROBS, size_t CAPACITY, size_t *COUNT) {
    if ($1 && $1 != stack_moves$argnum)
        free($1);
    if ($2 && $2 != stack_probs$argnum)
        free($2);
}

/* ---- (double *VALUES, size_t NUM_VALUES): per-player values out ---- */
%typemap(in) (double *VALUES, size_t NUM_VALUES) (double stack[BRX_STACK_ENTRIES]) {
    if (!brx_py_size($input, &$2))
        SWIG_fail;
    $1 = (double *)brx_py_scratch(stack, BRX_STACK_ENTRIES, $2, sizeof(double));
    if (!$1)
        SWIG_fail;
    for (size_t i = 0; i < $2; i++)
        $1[i] = 0.0;
}
%typemap(argout) (double *VALUES, size_t NUM_VALUES) {
    BRX_PY_APPEND(brx_py_doubles($1, $2));
}
%typemap(freearg) (double *VALUES, size_t NUM_VALUES) {
    if ($1 != stack$argnum)
        free($1);
}

/* ---- (uint64_t *COUNTS, size_t NUM_COUNTS): per-player counts out ---- */
%typemap(in) (uint64_t *COUNTS, size_t NUM_COUNTS) (uint64_t stack[BRX_STACK_ENTRIES]) {
    if (!brx_py_size($input, &$2))
        SWIG_fail;
    $1 = (uint64_t *)brx_py_scratch(stack, BRX_STACK_ENTRIES, $2, sizeof(uint64_t));
    if (!$1)
        SWIG_fail;
    for (size_t i = 0; i < $2; i++)
        $1[i] = 0;
}
%typemap(argout) (uint64_t *COUNTS, size_t NUM_COUNTS) {
    BRX_PY_APPEND(brx_py_counts($1, $2));
}
%typemap(freearg) (uint64_t *COUNTS, size_t NUM_COUNTS) {
    if ($1 != stack$argnum)
        free($1);
}

/* ---- (const br_move *MOVES_IN, size_t NUM_MOVES_IN): a sequence of moves in ---- */
%typemap(in) (const br_move *MOVES_IN, size_t NUM_MOVES_IN) (PyObject *seq = NULL) {
    seq = PySequence_Fast($input, "expected a sequence of moves (ints)");
    if (!seq)
        SWIG_fail;
    $2 = (size_t)PySequence_Fast_GET_SIZE(seq);
    $1 = (br_move *)malloc(($2 ? $2 : 1) * sizeof(br_move));
    if (!$1) {
        PyErr_NoMemory();
        SWIG_fail;
    }
    for (size_t i = 0; i < $2; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, (Py_ssize_t)i);
        long value = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
        if (!PyLong_Check(item) || (value == -1 && PyErr_Occurred()) ||
            value < INT32_MIN || value > INT32_MAX) {
            if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError)) {
                PyErr_Clear();
                PyErr_Format(PyExc_TypeError, "move %zu is not a 32-bit int", i);
            }
            SWIG_fail;
        }
        $1[i] = (br_move)value;
    }
}
%typemap(freearg) (const br_move *MOVES_IN, size_t NUM_MOVES_IN) {
    free((void *)$1);
    Py_XDECREF(seq$argnum);
}

/* ---- single values returned through pointers ---- */
%typemap(in, numinputs=0) br_move *MOVE_OUT (br_move value = BR_MOVE_NONE) { $1 = &value; }
%typemap(argout) br_move *MOVE_OUT { BRX_PY_APPEND(PyLong_FromLong(*$1)); }

%typemap(in, numinputs=0) size_t *SIZE_OUT (size_t value = 0) { $1 = &value; }
%typemap(argout) size_t *SIZE_OUT { BRX_PY_APPEND(PyLong_FromSize_t(*$1)); }

%typemap(in, numinputs=0) uint64_t *U64_OUT (uint64_t value = 0) { $1 = &value; }
%typemap(argout) uint64_t *U64_OUT { BRX_PY_APPEND(PyLong_FromUnsignedLongLong(*$1)); }

/* ------------------------------------------------------------------ */
/* The learning interface (learn.h). */

%{
/* Takes a writable, C-contiguous buffer of `elem`-byte items whose format
 * character is one of `codes` (any 1-byte format when `elem` is 1 and the
 * exporter gives none); false with TypeError set otherwise. */
static int brx_py_writable(PyObject *obj, Py_buffer *view, size_t elem, const char *codes,
                           const char *what)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) != 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "expected %s, not %s", what, Py_TYPE(obj)->tp_name);
        return 0;
    }
    const char *fmt = view->format ? view->format : "B";
    /* A byte-order prefix is fine when it is this host's order (or for bytes). */
    static const union { uint16_t u; unsigned char c[2]; } probe = { 1 };
    int little = probe.c[0] == 1;
    if (*fmt == '@' || *fmt == '=' || (*fmt == '<' && (little || elem == 1)) ||
        ((*fmt == '>' || *fmt == '!') && (!little || elem == 1)))
        fmt++;
    if ((size_t)view->itemsize != elem || fmt[0] == '\0' || fmt[1] != '\0' ||
        !strchr(codes, fmt[0])) {
        PyErr_Format(PyExc_TypeError, "expected %s, not a buffer of format '%s'", what,
                     view->format ? view->format : "B");
        PyBuffer_Release(view);
        return 0;
    }
    return 1;
}

static PyObject *brx_py_size_item(size_t value)
{
    return PyLong_FromSize_t(value);
}

/* The facts as a tuple: (num_players, has_chance, has_hidden_information,
 * returns_kind, move_space, max_legal_moves, max_game_length, tensor_shape,
 * tensor_size, information_state_size), tensor_shape a tuple of tensor_rank
 * ints. */
static PyObject *brx_py_facts(const br_facts *f)
{
    size_t rank = f->tensor_rank <= BR_TENSOR_MAX_RANK ? f->tensor_rank : BR_TENSOR_MAX_RANK;
    PyObject *shape = PyTuple_New((Py_ssize_t)rank);
    if (!shape)
        return NULL;
    for (size_t i = 0; i < rank; i++) {
        PyObject *dim = brx_py_size_item(f->tensor_shape[i]);
        if (!dim) {
            Py_DECREF(shape);
            return NULL;
        }
        PyTuple_SET_ITEM(shape, (Py_ssize_t)i, dim);
    }
    return Py_BuildValue("(iiiiNNkNNN)", f->num_players, f->has_chance,
                         f->has_hidden_information, f->returns_kind,
                         brx_py_size_item(f->move_space), brx_py_size_item(f->max_legal_moves),
                         (unsigned long)f->max_game_length, shape,
                         brx_py_size_item(f->tensor_size),
                         brx_py_size_item(f->information_state_size));
}

/* An option spec as a tuple (key, kind, default or None, min, max, choices
 * (a tuple) or None, help), or None for NULL. */
static PyObject *brx_py_option_spec(const br_option_spec *spec)
{
    if (!spec)
        Py_RETURN_NONE;
    PyObject *choices;
    if (spec->choices) {
        Py_ssize_t n = 0;
        while (spec->choices[n])
            n++;
        choices = PyTuple_New(n);
        for (Py_ssize_t i = 0; choices && i < n; i++) {
            PyObject *word = brx_py_text(spec->choices[i]);
            if (!word) {
                Py_CLEAR(choices);
                break;
            }
            PyTuple_SET_ITEM(choices, i, word);
        }
        if (!choices)
            return NULL;
    } else {
        Py_INCREF(Py_None);
        choices = Py_None;
    }
    return Py_BuildValue("(NiNKKNN)", brx_py_text(spec->key), spec->kind,
                         brx_py_text(spec->default_value), (unsigned long long)spec->min,
                         (unsigned long long)spec->max, choices, brx_py_text(spec->help));
}

static PyObject *brx_py_history(const br_history_entry *entries, size_t count)
{
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *item = Py_BuildValue("(ll)", (long)entries[i].move, (long)entries[i].player);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    return list;
}

static PyObject *brx_py_ints(const int *values, size_t count)
{
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *item = PyLong_FromLong(values[i]);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    return list;
}
%}

/* ---- (float *FLOATS_OUT, size_t NUM_FLOATS_OUT): a writable float32 buffer,
 * filled in place by C (numpy.empty(n, numpy.float32), array.array('f')) ---- */
%typemap(in) (float *FLOATS_OUT, size_t NUM_FLOATS_OUT) (Py_buffer view, int have_view = 0) {
    if (!brx_py_writable($input, &view, sizeof(float), "f",
                         "a writable contiguous float32 buffer (numpy.float32 array)"))
        SWIG_fail;
    have_view = 1;
    $1 = (float *)view.buf;
    $2 = (size_t)view.len / sizeof(float);
}
%typemap(freearg) (float *FLOATS_OUT, size_t NUM_FLOATS_OUT) {
    if (have_view$argnum)
        PyBuffer_Release(&view$argnum);
}

/* ---- (uint8_t *BYTES_MASK_OUT, size_t NUM_MASK_OUT): a writable byte buffer
 * (numpy.uint8 array, bytearray), filled in place by C ---- */
%typemap(in) (uint8_t *BYTES_MASK_OUT, size_t NUM_MASK_OUT) (Py_buffer view, int have_view = 0) {
    if (!brx_py_writable($input, &view, 1, "Bbc?",
                         "a writable contiguous uint8 buffer (numpy.uint8 array, bytearray)"))
        SWIG_fail;
    have_view = 1;
    $1 = (uint8_t *)view.buf;
    $2 = (size_t)view.len;
}
%typemap(freearg) (uint8_t *BYTES_MASK_OUT, size_t NUM_MASK_OUT) {
    if (have_view$argnum)
        PyBuffer_Release(&view$argnum);
}

/* ---- (br_facts *FACTS_OUT, size_t FACTS_SIZE): the facts as a tuple ---- */
%typemap(in, numinputs=0) (br_facts *FACTS_OUT, size_t FACTS_SIZE) (br_facts facts) {
    memset(&facts, 0, sizeof facts);
    $1 = &facts;
    $2 = sizeof facts;
}
%typemap(argout) (br_facts *FACTS_OUT, size_t FACTS_SIZE) {
    BRX_PY_APPEND(brx_py_facts($1));
}

/* ---- const br_option_spec *: a tuple, or None ---- */
%typemap(out) const br_option_spec * {
    $result = brx_py_option_spec($1);
    if (!$result)
        SWIG_fail;
}

/* ---- (br_history_entry *HISTORY, size_t CAPACITY, size_t *COUNT): the
 * script passes the capacity, gets a list of (move, player) and the count ---- */
%typemap(in) (br_history_entry *HISTORY, size_t CAPACITY, size_t *COUNT)
             (br_history_entry stack[BRX_STACK_ENTRIES], size_t count = 0) {
    if (!brx_py_size($input, &$2))
        SWIG_fail;
    $1 = (br_history_entry *)brx_py_scratch(stack, BRX_STACK_ENTRIES, $2,
                                            sizeof(br_history_entry));
    if (!$1)
        SWIG_fail;
    $3 = &count;
}
%typemap(argout) (br_history_entry *HISTORY, size_t CAPACITY, size_t *COUNT) {
    BRX_PY_APPEND(brx_py_history($1, *$3 < $2 ? *$3 : $2));
    BRX_PY_APPEND(PyLong_FromSize_t(*$3));
}
%typemap(freearg) (br_history_entry *HISTORY, size_t CAPACITY, size_t *COUNT) {
    if ($1 && $1 != stack$argnum)
        free($1);
}

/* ---- (int *FLAGS_OUT, size_t NUM_FLAGS): per-player flags out ---- */
%typemap(in) (int *FLAGS_OUT, size_t NUM_FLAGS) (int stack[BRX_STACK_ENTRIES]) {
    if (!brx_py_size($input, &$2))
        SWIG_fail;
    $1 = (int *)brx_py_scratch(stack, BRX_STACK_ENTRIES, $2, sizeof(int));
    if (!$1)
        SWIG_fail;
    for (size_t i = 0; i < $2; i++)
        $1[i] = 0;
}
%typemap(argout) (int *FLAGS_OUT, size_t NUM_FLAGS) {
    BRX_PY_APPEND(brx_py_ints($1, $2));
}
%typemap(freearg) (int *FLAGS_OUT, size_t NUM_FLAGS) {
    if ($1 && $1 != stack$argnum)
        free($1);
}

/* ------------------------------------------------------------------ */
/* Parsed records (record.h). */

/* ---- br_bot **NEW_BOT: a new bot owned by the returned object ---- */
%typemap(in, numinputs=0) br_bot **NEW_BOT (br_bot *new_bot = NULL) {
    $1 = &new_bot;
}
%typemap(argout) br_bot **NEW_BOT {
    BRX_PY_APPEND(SWIG_NewPointerObj(SWIG_as_voidptr(*$1), $*1_descriptor, SWIG_POINTER_OWN));
    *$1 = NULL; /* the object owns it now */
}
%typemap(freearg) br_bot **NEW_BOT {
    if ($1)
        br_bot_free(*$1); /* only when the call failed after creating it */
}

/* ---- br_record **NEW_RECORD: a new record owned by the returned object ---- */
%typemap(in, numinputs=0) br_record **NEW_RECORD (br_record *new_record = NULL) {
    $1 = &new_record;
}
%typemap(argout) br_record **NEW_RECORD {
    BRX_PY_APPEND(SWIG_NewPointerObj(SWIG_as_voidptr(*$1), $*1_descriptor, SWIG_POINTER_OWN));
    *$1 = NULL; /* the object owns it now */
}
%typemap(freearg) br_record **NEW_RECORD {
    if ($1)
        br_record_free(*$1); /* only when the call failed after creating it */
}

/* ---- const char **TEXT_OUT: a string owned by the library, returned as a
 * str (None for NULL) ---- */
%typemap(in, numinputs=0) const char **TEXT_OUT (const char *text_out = NULL) {
    $1 = ($1_ltype)&text_out;
}
%typemap(argout) const char **TEXT_OUT { BRX_PY_APPEND(brx_py_text(*$1)); }

/* ---- int *INT_OUT ---- */
%typemap(in, numinputs=0) int *INT_OUT (int int_out = 0) { $1 = &int_out; }
%typemap(argout) int *INT_OUT { BRX_PY_APPEND(PyLong_FromLong(*$1)); }

/* ---- const char *: a str (or None for NULL) without NUL characters. C reads
 * a string up to its first NUL, so "players=2\0,players=9" would make a
 * 2-player game; the private module refuses such a string as the package and
 * the Lua binding do. ---- */
%{
/* The UTF-8 text of the str `obj` (owned by it), or NULL with ValueError set
 * when it holds a NUL character (TypeError when it is no str). */
static const char *brx_py_c_string(PyObject *obj, const char *what)
{
    Py_ssize_t len = 0;
    const char *text;
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: expected a str, not %s", what, Py_TYPE(obj)->tp_name);
        return NULL;
    }
    text = PyUnicode_AsUTF8AndSize(obj, &len);
    if (text && strlen(text) != (size_t)len) {
        PyErr_Format(PyExc_ValueError, "%s: a NUL character at index %zu", what, strlen(text));
        return NULL;
    }
    return text;
}
%}
%typemap(in) const char * {
    $1 = $input == Py_None ? NULL : ($1_ltype)brx_py_c_string($input, "argument $argnum of $symname");
    if ($input != Py_None && !$1)
        SWIG_fail;
}
%typemap(freearg) const char * "" /* borrowed from the str */
%typemap(typecheck, precedence=SWIG_TYPECHECK_STRING) const char * {
    $1 = $input == Py_None || PyUnicode_Check($input);
}

/* ---- (const char *const *TAGS_IN, size_t NUM_TAGS_IN): a sequence of str,
 * key, value, key, value, ...; NUM_TAGS_IN is the number of pairs ---- */
%typemap(in) (const char *const *TAGS_IN, size_t NUM_TAGS_IN) (PyObject *seq = NULL) {
    seq = PySequence_Fast($input, "expected a sequence of str (key, value, key, value, ...)");
    if (!seq)
        SWIG_fail;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n % 2) {
        PyErr_SetString(PyExc_ValueError, "tags: expected key, value pairs (an even number of str)");
        SWIG_fail;
    }
    const char **strings = (const char **)malloc((size_t)(n ? n : 1) * sizeof(char *));
    if (!strings) {
        PyErr_NoMemory();
        SWIG_fail;
    }
    $1 = ($1_ltype)strings;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyUnicode_Check(item)) {
            PyErr_Format(PyExc_TypeError, "tag %zd: expected a str, not %s", i / 2,
                         Py_TYPE(item)->tp_name);
            SWIG_fail;
        }
        strings[i] = brx_py_c_string(item, "tag"); /* owned by the str, alive while seq is */
        if (!strings[i])
            SWIG_fail;
    }
    $2 = (size_t)n / 2;
}
%typemap(freearg) (const char *const *TAGS_IN, size_t NUM_TAGS_IN) {
    free((void *)$1);
    Py_XDECREF(seq$argnum);
}
