/*
 * Tsuro's notation: move to text and text to move, in the forms of
 * doc/games/tsuro.md ("Move numbers and notation"), and the move texts as a
 * seat sees them.
 */
#include <ctype.h>

#include "tsuro.h"

/* ------------------------------------------------------------------ */
/* Squares and start positions (the rules' reasons name them too) */

void tsuro_put_square(br_text *out, int cell)
{
    br_text_printf(out, "%c%d", 'a' + cell_col(cell), cell_row(cell) + 1);
}

/* "a1:0" in the classic edition and for odd positions, "a1:top" for a side. */
void tsuro_put_start(const ts_state *s, br_text *out, int m)
{
    int cell, point;
    start_point(s, m, &cell, &point);
    tsuro_put_square(out, cell);
    if (is_kosmos(s) && (m & 1) == 0)
        br_text_printf(out, ":%s", SIDE_NAMES[point >> 1]);
    else
        br_text_printf(out, ":%d", point);
}

/* ------------------------------------------------------------------ */
/* Move to text */

/* The notation, as `viewer` may see it: BR_VIEW_FULL sees every move; a
 * classic tile drawn by another seat shows as "draw ? to seat 2". */
void tsuro_move_to_text(const void *st, br_move move, int viewer, br_text *out)
{
    const ts_state *s = st;
    if (move < MOVE_CHOICE_BASE)
        br_text_printf(out, "%dr%d", move / 4, move % 4);
    else if (move < MOVE_SETUP_BASE)
        br_text_printf(out, "%dr%d/1", (move - MOVE_CHOICE_BASE) / 4, move % 4);
    else if (move < draw_base(s)) {
        br_text_putc(out, '@');
        tsuro_put_start(s, out, move - MOVE_SETUP_BASE);
    } else {
        if (draw_hidden_from(s, move, viewer))
            br_text_puts(out, "draw ?");
        else
            br_text_printf(out, "draw %d", move - draw_base(s));
        /* " to seat 2": the chance node itself does not say who gets the
         * tile (the placer or the dragon holder), so its text does. */
        if (chance_recipient(s) != NO_SEAT)
            br_text_printf(out, " to seat %d", chance_recipient(s));
    }
}

/* ------------------------------------------------------------------ */
/* Text to move */

struct cursor {
    const char *p;
    br_text *err;
};

/* ASCII only: a locale's tolower() may map letters otherwise (Turkish I). */
static inline char lower(char ch)
{
    return ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
}

/* Takes `word` (lower case) case-insensitively. */
static bool take_word(struct cursor *c, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i < n; i++)
        if (lower(c->p[i]) != word[i])
            return false;
    c->p += n;
    return true;
}

/* A decimal number without sign or leading zeros, at most 3 digits. */
static bool take_number(struct cursor *c, const char *what, int *out)
{
    if (!isdigit((unsigned char)*c->p))
        return br_fail(c->err, "expected %s at '%s'", what, c->p);
    int v = 0, digits = 0;
    const char *start = c->p;
    while (isdigit((unsigned char)*c->p) && digits < 4) {
        v = v * 10 + (*c->p++ - '0');
        digits++;
    }
    if (isdigit((unsigned char)*c->p) || digits == 4)
        return br_fail(c->err, "%s '%s' is too long", what, start);
    if (digits > 1 && *start == '0')
        return br_fail(c->err, "%s must not have leading zeros", what);
    *out = v;
    return true;
}

static bool take_tile(struct cursor *c, int *tile)
{
    if (!take_number(c, "a tile number", tile))
        return false;
    if (*tile >= TS_TILES)
        return br_fail(c->err, "tile %d is not a tile (0..%d)", *tile, TS_TILES - 1);
    return true;
}

static bool at_end(struct cursor *c)
{
    return *c->p == '\0' || br_fail(c->err, "unexpected '%s' at the end", c->p);
}

/* Skips blanks (spaces, tabs) between words; false when there are none. */
static bool take_blanks(struct cursor *c)
{
    const char *start = c->p;
    while (*c->p == ' ' || *c->p == '\t')
        c->p++;
    return c->p != start;
}

/* "17r2", "17r2/0", "17r2/1" */
static bool parse_placement(struct cursor *c, br_move *out)
{
    int tile, rotation, choice = 0;
    if (!take_tile(c, &tile))
        return false;
    if (lower(*c->p) != 'r')
        return br_fail(c->err, "expected 'r' and a rotation after the tile number, "
                       "e.g. 17r2");
    c->p++;
    if (!take_number(c, "a rotation", &rotation))
        return false;
    if (rotation > 3)
        return br_fail(c->err, "rotation must be 0..3");
    if (*c->p == '/') {
        c->p++;
        if (!take_number(c, "an entry point choice", &choice))
            return false;
        if (choice > 1)
            return br_fail(c->err, "the entry point choice after '/' must be 0 or 1");
    }
    if (!at_end(c))
        return false;
    *out = choice * MOVE_CHOICE_BASE + tile * 4 + rotation;
    return true;
}

static bool take_square(const ts_state *s, struct cursor *c, int *cell)
{
    char letter = lower(*c->p);
    if (letter < 'a' || letter > 'z')
        return br_fail(c->err, "expected a square such as a1 at '%s'", c->p);
    c->p++;
    int row;
    if (!take_number(c, "a row number", &row))
        return false;
    int col = letter - 'a';
    if (col >= s->width || row < 1 || row > s->width)
        return br_fail(c->err, "square %c%d is not on the %dx%d board", letter, row,
                       s->width, s->width);
    *cell = cell_of(row - 1, col);
    return true;
}

/* The point after ':': a digit, or (kosmos) a side name. */
static bool take_start_point(const ts_state *s, struct cursor *c, int *point)
{
    for (int side = 0; side < 4; side++) {
        if (take_word(c, SIDE_NAMES[side])) {
            if (!is_kosmos(s))
                return br_fail(c->err, "sides name start positions only in the kosmos and "
                               "tactile editions; classic start positions are points, "
                               "e.g. @a1:0");
            *point = 2 * side;
            return true;
        }
    }
    if (!take_number(c, "a point 0..7 or a side (top, right, bottom, left)", point))
        return false;
    if (*point > 7)
        return br_fail(c->err, "point %d is not 0..7", *point);
    return true;
}

/* "@a1:0", "@a1:top" */
static bool parse_setup(const ts_state *s, struct cursor *c, br_move *out)
{
    int cell = 0, point = 0;
    if (!take_square(s, c, &cell))
        return false;
    if (*c->p != ':')
        return br_fail(c->err, "expected ':' after the square, e.g. @a1:%s",
                       is_kosmos(s) ? "top" : "0");
    c->p++;
    if (!take_start_point(s, c, &point) || !at_end(c))
        return false;
    int m = start_index(s, cell, point);
    if (m < 0)
        return br_fail(c->err, "point %d of %c%d is not on the edge of the board", point,
                       'a' + cell_col(cell), cell_row(cell) + 1);
    *out = MOVE_SETUP_BASE + m;
    return true;
}

/* "to seat 2" after a drawn tile: the seat must be the one that gets the
 * tile here (the move number does not carry it, so a record that names
 * another seat is out of step with the game). */
static bool parse_recipient(const ts_state *s, struct cursor *c)
{
    int seat, to = chance_recipient(s);
    if (!take_word(c, "to") || !take_blanks(c) || !take_word(c, "seat"))
        return br_fail(c->err, "expected 'to seat <seat>' after the tile number, e.g. "
                       "draw 17 to seat 0");
    if (!take_blanks(c))
        return br_fail(c->err, "expected a blank and a seat number after 'seat'");
    if (!take_number(c, "a seat number", &seat) || !at_end(c))
        return false;
    if (seat >= s->num_seats)
        return br_fail(c->err, "seat %d is not a seat (0..%d)", seat, s->num_seats - 1);
    if (to != NO_SEAT && seat != to)
        return br_fail(c->err, "the tile drawn now goes to seat %d, not to seat %d", to, seat);
    return true;
}

/* "draw 17 to seat 2", or the older "draw 17" (records written before the
 * recipient was named still replay). */
static bool parse_draw(const ts_state *s, struct cursor *c, br_move *out)
{
    if (!take_blanks(c))
        return br_fail(c->err, "expected a space and a tile number after 'draw'");
    int tile;
    if (!take_tile(c, &tile))
        return false;
    if (take_blanks(c) ? !parse_recipient(s, c) : !at_end(c))
        return false;
    *out = draw_base(s) + tile;
    return true;
}

br_status tsuro_move_from_text(const void *st, const char *text, br_move *out,
                                      br_text *err)
{
    const ts_state *s = st;
    struct cursor c = { text, err };
    bool ok;
    if (isdigit((unsigned char)*c.p)) {
        /* A text that names another move for the same placement (a rotation
         * that looks the same, a first-turn path with the same result) is
         * read as the listed move. */
        ok = parse_placement(&c, out);
        if (ok)
            *out = tsuro_listed_move(s, *out);
    } else if (*c.p == '@') {
        c.p++;
        ok = parse_setup(s, &c, out);
    } else if (take_word(&c, "draw"))
        ok = parse_draw(s, &c, out);
    else
        ok = br_fail(c.err, "'%s' is not a Tsuro move (expected e.g. 17r2, 17r2/1, @a1:%s "
                     "or draw 17 to seat 0)", text, is_kosmos(s) ? "top" : "0");
    return ok ? BR_OK : BR_ERR_PARSE;
}
