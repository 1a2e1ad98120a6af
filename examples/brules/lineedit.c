/*
 * brules play: reading what the person types at the prompt.
 *
 * On a terminal, and when brules was built with libedit (configure finds it
 * through pkg-config; Debian: libedit-dev), the line can be edited (emacs
 * keys), earlier entries come back with the arrow keys (history), and the
 * tab key completes the legal moves' texts and the prompt's commands. Else
 * (no libedit, or input from a pipe or a file, as in the tests) the prompt
 * is printed and a line is read from stdin as it is.
 */
#include "brules.h"

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_LIBEDIT
#include <histedit.h>
#include <locale.h>
#include <wchar.h>
#endif

struct line_input {
    char *line;           /* the last line read, without its line end */
    size_t capacity;
    char *prompt;         /* the prompt of the current read */
    char **words;         /* what the tab key completes */
    size_t num_words;
#ifdef HAVE_LIBEDIT
    EditLine *el;         /* NULL: plain reading */
    History *history;
#endif
};

static char *copy_text(const char *text)
{
    size_t len = strlen(text) + 1;
    char *copy = malloc(len);
    if (copy)
        memcpy(copy, text, len);
    return copy;
}

static void free_words(line_input *in)
{
    for (size_t i = 0; i < in->num_words; i++)
        free(in->words[i]);
    free(in->words);
    in->words = NULL;
    in->num_words = 0;
}

bool line_input_set_words(line_input *in, const char *const *words, size_t count)
{
    free_words(in);
    in->words = calloc(count ? count : 1, sizeof *in->words);
    if (!in->words) {
        brules_error("out of memory");
        return false;
    }
    for (size_t i = 0; i < count; i++) {
        if (!(in->words[i] = copy_text(words[i]))) {
            brules_error("out of memory");
            free_words(in);
            return false;
        }
        in->num_words++;
    }
    return true;
}

#ifdef HAVE_LIBEDIT

static char *editline_prompt(EditLine *el)
{
    line_input *in = NULL;
    el_get(el, EL_CLIENTDATA, &in);
    return in && in->prompt ? in->prompt : (char *)"> ";
}

/* Prints the candidates in columns under the line being edited. */
static void list_candidates(const line_input *in, const char *prefix, size_t len)
{
    int width = 1;
    for (size_t i = 0; i < in->num_words; i++)
        if (strncmp(in->words[i], prefix, len) == 0 && (int)strlen(in->words[i]) > width)
            width = (int)strlen(in->words[i]);
    int columns = 78 / (width + 2) > 0 ? 78 / (width + 2) : 1, column = 0;
    fputc('\n', stdout);
    for (size_t i = 0; i < in->num_words; i++) {
        if (strncmp(in->words[i], prefix, len) != 0)
            continue;
        printf("%-*s%s", width + 2, in->words[i], ++column == columns ? "\n" : "");
        column %= columns;
    }
    if (column)
        fputc('\n', stdout);
    fflush(stdout);
}

/* The tab key: completes what is typed (the whole line up to the cursor,
 * blanks included: "vote yes2 n") to the longest text all candidates that
 * start with it share; when that adds nothing, lists the candidates. */
static unsigned char editline_complete(EditLine *el, int ch)
{
    (void)ch;
    line_input *in = NULL;
    el_get(el, EL_CLIENTDATA, &in);
    const LineInfo *li = el_line(el);
    if (!in || !li)
        return CC_ERROR;
    const char *start = li->buffer;
    while (start < li->cursor && (*start == ' ' || *start == '\t'))
        start++;
    size_t len = (size_t)(li->cursor - start);
    const char *first = NULL;
    size_t common = 0, matches = 0;
    for (size_t i = 0; i < in->num_words; i++) {
        const char *w = in->words[i];
        if (strncmp(w, start, len) != 0)
            continue;
        if (!first) {
            first = w;
            common = strlen(w);
        } else {
            size_t k = len;
            while (k < common && w[k] == first[k])
                k++;
            common = k;
        }
        matches++;
    }
    if (matches == 0)
        return CC_ERROR; /* a beep */
    if (common > len) {
        char *rest = malloc(common - len + 1);
        if (!rest)
            return CC_ERROR;
        memcpy(rest, first + len, common - len);
        rest[common - len] = '\0';
        int st = el_insertstr(el, rest);
        free(rest);
        return st == 0 ? CC_REFRESH : CC_ERROR;
    }
    if (matches == 1)
        return CC_REFRESH; /* complete already */
    list_candidates(in, start, len);
    return CC_REDISPLAY;
}

static bool editline_start(line_input *in)
{
    /* Multibyte input (a "ü" in a name) needs the terminal's character set. */
    setlocale(LC_CTYPE, "");
    in->el = el_init("brules", stdin, stdout, stderr);
    in->history = history_init();
    if (!in->el || !in->history)
        return false;
    HistEvent ev;
    history(in->history, &ev, H_SETSIZE, 500);
    history(in->history, &ev, H_SETUNIQUE, 1);
    el_set(in->el, EL_CLIENTDATA, in);
    el_set(in->el, EL_EDITOR, "emacs");
    el_set(in->el, EL_SIGNAL, 1); /* the terminal is restored on Ctrl-C */
    el_set(in->el, EL_PROMPT, editline_prompt);
    el_set(in->el, EL_HIST, history, in->history);
    /* The wide form: the narrow el_set(EL_ADDFN) copies both strings to wide
     * ones that el_end() never frees (LeakSanitizer shows it); el_wset keeps
     * pointers to these literals. */
    el_wset(in->el, EL_ADDFN, L"brules-complete", L"complete a move or a command",
            editline_complete);
    el_set(in->el, EL_BIND, "^I", "brules-complete", NULL);
    el_source(in->el, NULL); /* the person's ~/.editrc, if any */
    return true;
}

static void editline_stop(line_input *in)
{
    if (in->el)
        el_end(in->el);
    if (in->history)
        history_end(in->history);
    in->el = NULL;
    in->history = NULL;
}

/* One line through libedit; false at end of input. */
static bool editline_read(line_input *in)
{
    int count = 0;
    const char *text = el_gets(in->el, &count);
    if (!text || count <= 0)
        return false;
    size_t len = strlen(text);
    if (len + 1 > in->capacity) {
        char *bigger = realloc(in->line, len + 1);
        if (!bigger)
            return false;
        in->line = bigger;
        in->capacity = len + 1;
    }
    memcpy(in->line, text, len + 1);
    while (len > 0 && (in->line[len - 1] == '\n' || in->line[len - 1] == '\r'))
        in->line[--len] = '\0';
    if (strspn(in->line, " \t") < len) {
        HistEvent ev;
        history(in->history, &ev, H_ENTER, in->line);
    }
    return true;
}

#endif /* HAVE_LIBEDIT */

const char *line_editing(void)
{
#ifdef HAVE_LIBEDIT
    return "libedit (brules play on a terminal)";
#else
    return "none (built without libedit)";
#endif
}

line_input *line_input_new(void)
{
    line_input *in = calloc(1, sizeof *in);
    if (!in) {
        brules_error("out of memory");
        return NULL;
    }
#ifdef HAVE_LIBEDIT
    if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && !editline_start(in))
        editline_stop(in); /* plain reading after all */
#endif
    return in;
}

void line_input_free(line_input *in)
{
    if (!in)
        return;
#ifdef HAVE_LIBEDIT
    editline_stop(in);
#endif
    free_words(in);
    free(in->prompt);
    free(in->line);
    free(in);
}

bool line_input_is_editing(const line_input *in)
{
#ifdef HAVE_LIBEDIT
    return in->el != NULL;
#else
    (void)in;
    return false;
#endif
}

char *line_input_read(line_input *in, const char *prompt)
{
#ifdef HAVE_LIBEDIT
    if (in->el) {
        free(in->prompt);
        in->prompt = copy_text(prompt);
        return editline_read(in) ? in->line : NULL;
    }
#endif
    fputs(prompt, stdout);
    fflush(stdout);
    return read_line(stdin, &in->line, &in->capacity) ? in->line : NULL;
}
