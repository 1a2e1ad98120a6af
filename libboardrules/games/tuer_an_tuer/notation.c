/*
 * Tür an Tür's notation: move to text and text to move, in the forms of
 * doc/games/tuer-an-tuer.md ("Move numbers and notation"), and the move texts
 * as a seat sees them. The card, field and position texts here serve the
 * rules' reasons, the snapshot and the rendering too.
 */
#include <string.h>

#include "tuer_an_tuer.h"

/* ------------------------------------------------------------------ */
/* Cards, fields and positions as text */

const char *const tat_card_names[CARDS] = {
    "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "G1", "G2", "G3",
    "G4", "G5", "G6", "G7", "G8", "G9", "R1", "R2", "R3", "R4", "R5", "R6",
    "R7", "R8", "R9", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9",
};

void tat_put_card(br_text *out, int c)
{
    br_text_write(out, tat_card_names[c], 2);
}

void tat_put_door_field(br_text *out, int x)
{
    br_text_printf(out, "%c%d", 'a' + x % COLUMNS, FLOORS - x / COLUMNS);
}

/* Writes figure p's position ("start", "b3", "b3:2", "e3", "exit") from
 * text[1] on; returns the end. Without printf: every snapshot writes two. */
static size_t position_text(char *text, const tat *s, int p)
{
    int seg = s->seg[p];
    int x = segment_door(seg);
    size_t n = 1;
    if (seg == SEG_START || seg == SEG_EXIT) {
        memcpy(text + 1, seg == SEG_START ? "start" : "exit", seg == SEG_START ? 5 : 4);
        return seg == SEG_START ? 6 : 5;
    }
    if (x < 0) {
        text[n++] = 'e';
        text[n++] = (char)('0' + FLOORS - (seg - 1) / 5);
        return n;
    }
    text[n++] = (char)('a' + x % COLUMNS);
    text[n++] = (char)('0' + FLOORS - x / COLUMNS);
    if (s->board[x] == NONE) {
        text[n++] = ':';
        text[n++] = (char)('1' + s->cell[p]);
    }
    return n;
}

void tat_put_position(br_text *out, const tat *s, int p)
{
    char text[8];
    size_t n = position_text(text, s, p);
    br_text_write(out, text + 1, n - 1);
}

size_t tat_quoted_position(char *text, const tat *s, int p)
{
    size_t n = position_text(text, s, p);
    text[0] = text[n] = '"';
    return n + 1;
}

/* ------------------------------------------------------------------ */
/* Move to text */

/* The text of each kind of move (enum kind): its word, what follows it
 * (0: nothing; 'c' a card, 't' an elevator card type after a blank; 'p'
 * "<card>@<door field>", 'e' "<type>@e<floor>" without a word) and its
 * first move number. */
static const struct {
    const char *word;
    char arg;
    br_move first;
} forms[K_INVALID] = {
    [K_PLACE] = {"", 'p', MV_PLACE},          [K_EXCHANGE] = {"exchange", 'c', MV_EXCHANGE},
    [K_DONE] = {"done", 0, MV_DONE},          [K_ELEVATOR] = {"", 'e', MV_ELEVATOR},
    [K_JUMP] = {"jump", 0, MV_JUMP},          [K_WALK] = {"walk", 0, MV_WALK},
    [K_DROP] = {"drop", 't', MV_DROP},        [K_DRAW_DOOR] = {"draw", 'c', MV_DRAW_DOOR},
    [K_DRAW_ELEVATOR] = {"draw", 't', MV_DRAW_ELEVATOR},
};

void tat_put_move(br_text *out, br_move move)
{
    decoded d = tat_decode(move);
    if (d.kind == K_INVALID) {
        br_text_printf(out, "?%ld", (long)move);
        return;
    }
    char arg = forms[d.kind].arg;
    if (forms[d.kind].word[0]) {
        br_text_puts(out, forms[d.kind].word);
        if (arg)
            br_text_putc(out, ' ');
    }
    if (arg == 'c' || arg == 'p')
        tat_put_card(out, d.a);
    if (arg == 't' || arg == 'e')
        br_text_puts(out, etype_names[d.a]);
    if (arg == 'p') {
        br_text_putc(out, '@');
        tat_put_door_field(out, d.b);
    }
    if (arg == 'e')
        br_text_printf(out, "@e%d", FLOORS - d.b);
}

/* Face-down discards and drawn cards show as '?' to the other seat; the
 * seat concerned (the one to move, or the one due to draw) sees them. */
void tat_move_to_text(const void *st, br_move move, int viewer, br_text *out)
{
    static const char *const hidden_texts[TAT_HIDDEN_MOVE_CLASSES] = {
        "exchange ?", "drop ?", "draw ? (door card)", "draw ? (elevator card)",
    };
    int hidden = tat_hidden_class(st, move, viewer);
    if (hidden < 0)
        tat_put_move(out, move);
    else
        br_text_puts(out, hidden_texts[hidden]);
}

/* ------------------------------------------------------------------ */
/* Text to move */

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Whether the first `len` characters of `text` are `word` (lower case), in
 * any case. */
static bool word_nocase(const char *text, size_t len, const char *word)
{
    if (strlen(word) != len)
        return false;
    for (size_t i = 0; i < len; i++)
        if (lower(text[i]) != word[i])
            return false;
    return true;
}

/* A card text such as "R5" (either case); -1 when it is none. */
int tat_parse_card(const char *t)
{
    static const char letters[] = "ygrb";
    if (!t[0] || !t[1] || t[2])
        return -1;
    const char *l = strchr(letters, lower(t[0]));
    if (!l || t[1] < '1' || t[1] > '9')
        return -1;
    return (int)(l - letters) * NUMBERS + (t[1] - '1');
}

static int parse_etype(const char *t)
{
    for (int i = 0; i < ETYPES; i++)
        if (word_nocase(t, strlen(t), etype_names[i]))
            return i;
    return -1;
}

/* A door field "b3" (-> 0..15) or elevator field "e3" (-> 16 + 0..3). */
static int parse_field(const char *t)
{
    char col = lower(t[0]);
    if (!t[0] || !t[1] || t[2] || t[1] < '1' || t[1] > '4' || col < 'a' || col > 'e')
        return -1;
    int floor = FLOORS - (t[1] - '0');
    return col == 'e' ? DOORS + floor : COLUMNS * floor + (col - 'a');
}

static br_status parse_play(const char *text, const char *at, br_move *out, br_text *err)
{
    char what[16];
    size_t n = (size_t)(at - text);
    if (n == 0 || n >= sizeof what) {
        br_text_printf(err, "'%s': expected <card>@<door field> or <elevator card>@e<floor>",
                       text);
        return BR_ERR_PARSE;
    }
    memcpy(what, text, n);
    what[n] = '\0';
    int field = parse_field(at + 1);
    if (field < 0) {
        br_text_printf(err, "'%s': '%s' is no field (a1..d4 or e1..e4)", text, at + 1);
        return BR_ERR_PARSE;
    }
    int card = tat_parse_card(what);
    int type = parse_etype(what);
    if (card >= 0 && field < DOORS) {
        *out = MV_PLACE + DOORS * card + field;
        return BR_OK;
    }
    if (type >= 0 && field >= DOORS) {
        *out = MV_ELEVATOR + FLOORS * type + (field - DOORS);
        return BR_OK;
    }
    if (card >= 0 || type >= 0)
        br_text_printf(err, "'%s': %s go on %s fields", text,
                       card >= 0 ? "door cards" : "elevator cards",
                       card >= 0 ? "door (a..d)" : "elevator (e)");
    else
        br_text_printf(err, "'%s': '%s' is neither a door card (Y1..B9) nor an elevator card",
                       text, what);
    return BR_ERR_PARSE;
}

br_status tat_move_from_text(const void *st, const char *text, br_move *out,
                                    br_text *err)
{
    (void)st;
    const char *at = strchr(text, '@');
    if (at)
        return parse_play(text, at, out, err);
    const char *space = strchr(text, ' ');
    size_t wlen = space ? (size_t)(space - text) : strlen(text);
    const char *arg = space ? space + 1 : "";
    while (*arg == ' ' || *arg == '\t') /* one or more blanks between the words */
        arg++;
    int card = tat_parse_card(arg);
    int type = parse_etype(arg);
    /* every move word in any case: "DONE", "Exchange R5" */
    for (int k = 0; k < K_INVALID; k++) {
        char what = forms[k].arg;
        if (!forms[k].word[0] || !word_nocase(text, wlen, forms[k].word) || !space != !what)
            continue;
        if (!what || (what == 'c' && card >= 0) || (what == 't' && type >= 0)) {
            *out = forms[k].first + (what == 'c' ? card : what == 't' ? type : 0);
            return BR_OK;
        }
    }
    if (!space) {
        br_text_printf(err, "'%s' is no move of tuer-an-tuer", text);
        return BR_ERR_PARSE;
    }
    br_text_printf(err, "'%s' is no move of tuer-an-tuer (expected e.g. 'R5@b3', 'red@e3', "
                   "'exchange R5', 'done', 'jump', 'walk', 'drop red', 'draw R5', "
                   "'draw red')", text);
    return BR_ERR_PARSE;
}
