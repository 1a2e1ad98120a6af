/*
 * Tür an Tür's effects: what one history entry changed, as one seat (or a
 * spectator) may see it (doc/games/tuer-an-tuer.md, "Effects"). Everything
 * is read off the move and the two positions around it; nothing is
 * allocated.
 *
 * One entry can hold more than its own movement: the movement that fills
 * the 16th door field runs the final scoring inside the same apply_move(),
 * which moves both figures again. The positions at the end of the entry's
 * own movement are then rebuilt from the final scoring's "steps needed"
 * (the board is full, so a figure's distance to the exit is its segment's
 * distance), so that the effects tell both movements apart.
 */
#include <string.h>

#include "tuer_an_tuer.h"

/* Room for the text of a card, a field or a position ("start", "b3:2"). */
enum { NAME_SIZE = 8 };

/* The parts of tat.last (SC_COLOUR .. SC_TOTAL) as the score's keys. */
static const char *const score_names[SC_FIELDS] = {
    "colour", "number", "ascending", "run", "different", "elevator", "total",
};

/* ------------------------------------------------------------------ */
/* Names */

static const char *card_name(int c, char buf[NAME_SIZE])
{
    br_text t = br_text_over(buf, NAME_SIZE);
    tat_put_card(&t, c);
    return buf;
}

static const char *position_name(const tat *s, int p, char buf[NAME_SIZE])
{
    br_text t = br_text_over(buf, NAME_SIZE);
    tat_put_position(&t, s, p);
    return buf;
}

static void key_card(br_jw *w, const char *key, int c)
{
    char buf[NAME_SIZE];
    br_jw_key_string(w, key, card_name(c, buf));
}

static void key_position(br_jw *w, const char *key, const tat *s, int p)
{
    char buf[NAME_SIZE];
    br_jw_key_string(w, key, position_name(s, p, buf));
}

static void key_door_field(br_jw *w, const char *key, int x)
{
    char buf[NAME_SIZE];
    br_text t = br_text_over(buf, sizeof buf);
    tat_put_door_field(&t, x);
    br_jw_key_string(w, key, buf);
}

static void key_elevator_field(br_jw *w, const char *key, int f)
{
    char buf[NAME_SIZE] = {'e', (char)('0' + FLOORS - f), '\0'};
    br_jw_key_string(w, key, buf);
}

/* A face-down door card of `owner`: its name for a viewer who sees that
 * seat's hand, "?" for the others. */
static void key_door_card_for(br_jw *w, const char *key, int c, int owner, int viewer)
{
    char buf[NAME_SIZE];
    br_jw_key_string(w, key, sees(viewer, owner) ? card_name(c, buf) : "?");
}

static void key_etype_for(br_jw *w, const char *key, int t, int owner, int viewer)
{
    br_jw_key_string(w, key, sees(viewer, owner) ? etype_names[t] : "?");
}

/* Opens an effect object: "type" first, then the seat it concerns. */
static void begin_effect(br_jw *w, const char *type, int seat)
{
    br_jw_begin_object(w);
    br_jw_key_string(w, "type", type);
    br_jw_key_int(w, "seat", seat);
}

/* ------------------------------------------------------------------ */
/* Decisions */

static void write_door(const tat *before, const tat *landed, decoded d, br_jw *w)
{
    int p = before->turn;
    begin_effect(w, "door", p);
    key_card(w, "card", d.a);
    key_door_field(w, "field", d.b);
    br_jw_end_object(w);
    begin_effect(w, "steps", p);
    br_jw_key_int(w, "steps", landed->last[SC_TOTAL]);
    br_jw_key_string(w, "source", "door");
    br_jw_key(w, "score");
    br_jw_begin_object(w);
    for (int i = 0; i < SC_TOTAL; i++)
        br_jw_key_int(w, score_names[i], landed->last[i]);
    br_jw_end_object(w);
    /* The figure stopped on an elevator field earlier in this turn: the
     * steps are lost (walk() walks none). */
    if (before->stopped)
        br_jw_key_bool(w, "stopped", true);
    br_jw_end_object(w);
}

static void write_elevator(const tat *before, const tat *landed, decoded d, br_jw *w)
{
    int p = before->turn;
    begin_effect(w, "elevator", p);
    br_jw_key_string(w, "card", etype_names[d.a]);
    key_elevator_field(w, "field", d.b);
    if (before->elevators[d.b] != NONE) /* discarded face up */
        br_jw_key_string(w, "replaced", etype_names[before->elevators[d.b]]);
    br_jw_end_object(w);
    begin_effect(w, "steps", p);
    br_jw_key_int(w, "steps", tat_elevator_effect(landed, d.a, d.b));
    br_jw_key_string(w, "source", "elevator");
    br_jw_end_object(w);
}

/* The seat's exchange is over: every card it put back (face down), and
 * how many it draws in their place. */
static void write_exchange_end(int p, const tat *after, int viewer, br_jw *w)
{
    const cardset *gone = &after->exchanged[p];
    char buf[NAME_SIZE];
    begin_effect(w, "exchange_end", p);
    br_jw_key(w, "cards");
    br_jw_begin_array(w);
    for (uint64_t b = gone->one; b; b &= b - 1) {
        int c = br_lowest_bit64(b);
        for (int k = cardset_count(gone, c); k > 0; k--)
            br_jw_string(w, sees(viewer, p) ? card_name(c, buf) : "?");
    }
    br_jw_end_array(w);
    br_jw_key_int(w, "draws", cardset_size(gone));
    br_jw_end_object(w);
}

static void write_exchange(const tat *before, const tat *after, decoded d, int viewer,
                           br_jw *w)
{
    int p = before->turn;
    if (d.kind == K_EXCHANGE) {
        begin_effect(w, "exchange", p);
        key_door_card_for(w, "card", d.a, p, viewer);
        br_jw_end_object(w);
    }
    /* `done`, or the third card, ends the seat's exchange. */
    if (after->phase != PH_EXCHANGE || after->turn != p)
        write_exchange_end(p, after, viewer, w);
}

static void write_jump(const tat *before, const tat *landed, br_jw *w)
{
    int p = before->turn;
    begin_effect(w, "jump", p);
    key_position(w, "from", before, p);
    key_position(w, "to", landed, p);
    br_jw_end_object(w);
}

static void write_drop(const tat *before, decoded d, int viewer, br_jw *w)
{
    int p = before->turn;
    begin_effect(w, "drop", p);
    key_etype_for(w, "card", d.a, p, viewer);
    br_jw_end_object(w);
}

/* ------------------------------------------------------------------ */
/* Chance */

static const char *draw_reason(int phase)
{
    switch (phase) {
    case PH_DEAL:
    case PH_ELEVATOR_DEAL:
        return "deal";
    case PH_EXCHANGE_DRAW:
        return "exchange";
    case PH_DOOR_DRAW:
        return "refill";
    default: /* PH_ELEVATOR_DRAW */
        return "elevator-field";
    }
}

static void write_draw(const tat *before, decoded d, int viewer, br_jw *w)
{
    int p = before->turn;
    begin_effect(w, "draw", p);
    br_jw_key_string(w, "deck", d.kind == K_DRAW_DOOR ? "door" : "elevator");
    br_jw_key_string(w, "reason", draw_reason(before->phase));
    if (d.kind == K_DRAW_DOOR)
        key_door_card_for(w, "card", d.a, p, viewer);
    else
        key_etype_for(w, "card", d.a, p, viewer);
    br_jw_end_object(w);
}

/* ------------------------------------------------------------------ */
/* What follows from any move: figures, the cat, the end */

/* Each figure whose position text changed from `from` to `to`, but seat
 * `skip` (a jump says where it went). */
static void write_figure_moves(const tat *from, const tat *to, int skip, br_jw *w)
{
    for (int p = 0; p < SEATS; p++) {
        char a[NAME_SIZE], b[NAME_SIZE];
        if (p == skip || strcmp(position_name(from, p, a), position_name(to, p, b)) == 0)
            continue;
        begin_effect(w, "move", p);
        br_jw_key_string(w, "from", a);
        br_jw_key_string(w, "to", b);
        br_jw_end_object(w);
    }
}

/* A cat card offers its secret passage: `jump` or `walk` follows. */
static void write_cat_offer(const tat *after, br_jw *w)
{
    int p = after->turn;
    int seg = after->seg[p];
    int colour = card_colour(after->board[segment_door(seg)]);
    int target = segment_door(tat_cat_target(after, seg, colour));
    begin_effect(w, "cat", p);
    key_position(w, "at", after, p);
    key_door_field(w, "target", target);
    br_jw_key_int(w, "steps", after->steps);
    br_jw_end_object(w);
}

static void write_final(const tat *after, br_jw *w)
{
    br_jw_begin_object(w);
    br_jw_key_string(w, "type", "final");
    br_jw_key_int(w, "steps", after->final_steps);
    br_jw_key(w, "needed");
    br_jw_begin_array(w);
    for (int p = 0; p < SEATS; p++)
        br_jw_int(w, after->final_needed[p]);
    br_jw_end_array(w);
    br_jw_end_object(w);
}

static void write_end(const tat *after, br_jw *w)
{
    br_jw_begin_object(w);
    br_jw_key_string(w, "type", "end");
    br_jw_key_string(w, "reason", after->has_final ? "final" : "exit");
    br_jw_key(w, "winners");
    br_jw_begin_array(w);
    for (int p = 0; p < SEATS; p++)
        if (after->winners[p])
            br_jw_int(w, p);
    br_jw_end_array(w);
    br_jw_key(w, "scores"); /* tat_scores(): each figure's path segment */
    br_jw_begin_array(w);
    for (int p = 0; p < SEATS; p++)
        br_jw_int(w, after->seg[p]);
    br_jw_end_array(w);
    br_jw_end_object(w);
}

/* `after` as it was before the final scoring moved the figures: with a full
 * board every segment is one cell, so "steps needed" is SEG_EXIT - segment. */
static void undo_final_movement(tat *s)
{
    for (int p = 0; p < SEATS; p++) {
        s->seg[p] = (uint8_t)(SEG_EXIT - s->final_needed[p]);
        s->cell[p] = 0;
    }
}

/* ------------------------------------------------------------------ */

static void write_own_effects(const tat *before, const tat *after, const tat *landed, decoded d,
                              int viewer, br_jw *w)
{
    switch (d.kind) {
    case K_PLACE:
        write_door(before, landed, d, w);
        break;
    case K_ELEVATOR:
        write_elevator(before, landed, d, w);
        break;
    case K_EXCHANGE:
    case K_DONE:
        write_exchange(before, after, d, viewer, w);
        break;
    case K_JUMP:
        write_jump(before, landed, w);
        break;
    case K_DROP:
        write_drop(before, d, viewer, w);
        break;
    case K_DRAW_DOOR:
    case K_DRAW_ELEVATOR:
        write_draw(before, d, viewer, w);
        break;
    case K_WALK: /* the figure's "move" says it all */
    case K_INVALID:
        break;
    }
}

void tat_write_effects(const void *before_st, const void *after_st, br_move move, int viewer,
                       br_jw *w)
{
    const tat *before = before_st, *after = after_st;
    decoded d = tat_decode(move);
    bool final = after->has_final && !before->has_final;
    tat landed = *after; /* the positions when the entry's own movement ended */
    if (final)
        undo_final_movement(&landed);
    write_own_effects(before, after, &landed, d, viewer, w);
    write_figure_moves(before, &landed, d.kind == K_JUMP ? before->turn : -1, w);
    if (after->phase == PH_CAT)
        write_cat_offer(after, w);
    if (final) {
        write_final(after, w);
        write_figure_moves(&landed, after, -1, w);
    }
    if (after->phase == PH_OVER)
        write_end(after, w);
}
