/*
 * Tür an Tür's rules: setup, turn order, legal moves, checking and applying a
 * move, chance, the scoring of a new door card, results. Move generation and
 * application are the hot path (doc/performance.md): their helpers stay in
 * this file or inline in tuer_an_tuer.h.
 */
#include <assert.h>
#include <string.h>

#include "tuer_an_tuer.h"

/* ------------------------------------------------------------------ */
/* Scoring of a new door card */

enum link { LINK_COLOUR, LINK_NUMBER, LINK_ASCENDING, LINK_RUN };

/* Whether card `left` and its right neighbour `right` continue a group. */
static bool linked(enum link kind, int left, int right)
{
    switch (kind) {
    case LINK_COLOUR:
        return card_colour(left) == card_colour(right);
    case LINK_NUMBER:
        return card_number(left) == card_number(right);
    case LINK_ASCENDING:
        return card_number(left) < card_number(right);
    case LINK_RUN:
        return card_colour(left) == card_colour(right) &&
               card_number(right) == card_number(left) + 1;
    }
    return false;
}

/* Length of the longest horizontal group through door field x whose
 * neighbouring cards are all linked; the links are transitive along a row,
 * so extending left and right from x finds the whole group. */
static int group_length(const tat *s, int x, enum link kind)
{
    int row = x - x % COLUMNS;
    int lo = x, hi = x;
    while (lo > row && s->board[lo - 1] != NONE && linked(kind, s->board[lo - 1], s->board[lo]))
        lo--;
    while (hi < row + COLUMNS - 1 && s->board[hi + 1] != NONE &&
           linked(kind, s->board[hi], s->board[hi + 1]))
        hi++;
    return hi - lo + 1;
}

/* Occupied door fields as a mask, and per colour the fields of that colour. */
static uint16_t occupied_mask(const tat *s, uint16_t colour_masks[COLOURS])
{
    uint16_t m = 0;
    memset(colour_masks, 0, COLOURS * sizeof colour_masks[0]);
    for (int x = 0; x < DOORS; x++) {
        if (s->board[x] != NONE) {
            m |= (uint16_t)(1u << x);
            colour_masks[card_colour(s->board[x])] |= (uint16_t)(1u << x);
        }
    }
    return m;
}

static bool colours_distinct(const uint16_t colour_masks[COLOURS], uint16_t mask)
{
    for (int c = 0; c < COLOURS; c++) {
        unsigned same = colour_masks[c] & mask;
        if (same & (same - 1))
            return false;
    }
    return true;
}

static bool has_occupied_neighbour(uint16_t occ, int x)
{
    int row = x / COLUMNS, col = x % COLUMNS;
    return (col > 0 && (occ >> (x - 1) & 1)) || (col < COLUMNS - 1 && (occ >> (x + 1) & 1)) ||
           (row > 0 && (occ >> (x - COLUMNS) & 1)) ||
           (row < FLOORS - 1 && (occ >> (x + COLUMNS) & 1));
}

static int min_int(int a, int b) { return a < b ? a : b; }
static int max_int(int a, int b) { return a > b ? a : b; }

/* Steps of the "different colours" rule for the card on field x. Only the
 * placements of each shape whose bounding box covers x are tried. */
static int different_colours_score(const tat *s, int x)
{
    uint16_t colour_masks[COLOURS];
    uint16_t occ = occupied_mask(s, colour_masks);
    uint16_t self = (uint16_t)(1u << x);
    int row = x / COLUMNS, col = x % COLUMNS;
    if (!has_occupied_neighbour(occ, x))
        return 0; /* every allowed shape is connected */
    for (size_t i = 0; i < TAT_SHAPES; i++) {
        if (tat_shapes[i].connected_only && !s->different4)
            continue;
        int h = tat_shapes[i].height, w = tat_shapes[i].width;
        for (int dr = max_int(0, row - h + 1); dr <= min_int(row, FLOORS - h); dr++) {
            for (int dc = max_int(0, col - w + 1); dc <= min_int(col, COLUMNS - w); dc++) {
                uint16_t m = (uint16_t)(tat_shapes[i].mask << (COLUMNS * dr + dc));
                if ((m & self) && (m & occ) == m && colours_distinct(colour_masks, m))
                    return tat_shapes[i].cards == 4 ? 5 : 3;
            }
        }
    }
    return 0;
}

static int same_score(int len)
{
    return len >= 4 ? 5 : len == 3 ? 3 : 0;
}

static int run_score(const tat *s, int len)
{
    return len >= 4 ? s->run4 : len == 3 ? 5 : len == 2 ? 2 : 0;
}

/* Scores the card just placed on field x into s->last; returns the total. */
static int score_placement(tat *s, int x)
{
    int floor = x / COLUMNS;
    s->last[SC_COLOUR] = (uint8_t)same_score(group_length(s, x, LINK_COLOUR));
    s->last[SC_NUMBER] = (uint8_t)same_score(group_length(s, x, LINK_NUMBER));
    s->last[SC_ASCENDING] = (uint8_t)same_score(group_length(s, x, LINK_ASCENDING));
    s->last[SC_RUN] = (uint8_t)run_score(s, group_length(s, x, LINK_RUN));
    s->last[SC_DIFFERENT] = (uint8_t)different_colours_score(s, x);
    s->last[SC_ELEVATOR] = (uint8_t)(s->elevators[floor] == NONE
                                         ? 0 : tat_elevator_effect(s, s->elevators[floor], floor));
    int total = 0;
    for (int i = 0; i < SC_TOTAL; i++)
        total += s->last[i];
    s->last[SC_TOTAL] = (uint8_t)total;
    return total;
}

/* ------------------------------------------------------------------ */
/* Flow of a turn */

static void end_turn(tat *s)
{
    /* The turn in which a figure came onto a cat card without a step is over:
     * its next movement by steps may use the cat ("in einem späteren
     * Spielzug"). */
    for (int p = 0; p < SEATS; p++)
        if (s->cat_wait[p] == CAT_LATER)
            s->cat_wait[p] = CAT_READY;
    s->turn ^= 1;
    s->stopped = 0;
    s->source = SRC_DOOR;
    s->phase = PH_TURN;
}

/* "Schlusswertung": every elevator card fires once for both; both walk
 * without elevator stops or cat jumps; the one out wins, both out: fewer
 * steps needed wins. */
static void final_scoring(tat *s)
{
    int total = 0;
    for (int f = 0; f < FLOORS; f++)
        if (s->elevators[f] != NONE)
            total += tat_elevator_effect(s, s->elevators[f], f);
    s->has_final = 1;
    s->final_steps = (uint8_t)total;
    s->stopped = 0;
    bool out[SEATS];
    for (int p = 0; p < SEATS; p++) {
        int need = SEG_EXIT - s->seg[p]; /* the board is full: a cell per segment */
        s->final_needed[p] = (uint8_t)need;
        out[p] = total >= need;
        s->seg[p] = (uint8_t)(out[p] ? SEG_EXIT : s->seg[p] + total);
        s->cell[p] = 0;
        s->cat_wait[p] = CAT_NONE; /* no later turn follows */
    }
    for (int p = 0; p < SEATS; p++) {
        int q = p ^ 1;
        s->winners[p] = out[p] && (!out[q] || s->final_needed[p] <= s->final_needed[q]);
    }
    s->phase = PH_OVER;
}

/* After a door card's movement: the final scoring, the draw, or the next turn. */
static void after_door(tat *s)
{
    if (board_full(s))
        final_scoring(s);
    else if (cardset_size(&s->hand[s->turn]) < HAND && !cardset_empty(&s->pile))
        s->phase = PH_DOOR_DRAW;
    else
        end_turn(s);
}

/* A movement is over (no decision or draw pending any more). */
static void movement_over(tat *s)
{
    s->steps = 0;
    if (s->source == SRC_ELEVATOR)
        s->phase = PH_DOOR;
    else
        after_door(s);
}

/* The next door field on the path after `seg` holding a card of `colour`,
 * as a segment; -1 when there is none. */
int tat_cat_target(const tat *s, int seg, int colour)
{
    for (int t = seg + 1; t < SEG_EXIT; t++) {
        int x = segment_door(t);
        if (x >= 0 && s->board[x] != NONE && card_colour(s->board[x]) == colour)
            return t;
    }
    return -1;
}

static void advance_one_cell(tat *s, int p)
{
    s->cat_wait[p] = CAT_NONE; /* the figure leaves the field it stood on */
    if (s->cell[p] + 1 < segment_cells(s, s->seg[p])) {
        s->cell[p]++;
    } else {
        s->seg[p]++;
        s->cell[p] = 0;
    }
}

/* A figure standing on a cat card it came onto without a step (a jump, a
 * card laid on its field) reaches that card again when it sets out from it
 * by steps in a later turn: a forward path never leads back to it, so this
 * is the only "erneut erreicht" there is. The offer comes before the first
 * step, once; true when the decision is now pending. */
static bool offer_waiting_cat(tat *s, int steps)
{
    int p = s->turn;
    if (s->cat_wait[p] != CAT_READY || steps == 0)
        return false;
    s->cat_wait[p] = CAT_NONE;
    int seg = s->seg[p];
    if (tat_cat_target(s, seg, card_colour(s->board[segment_door(seg)])) < 0)
        return false;
    s->steps = (uint8_t)steps;
    s->phase = PH_CAT;
    return true;
}

/* Walks the mover's figure `steps` cells, stopping for the exit, an
 * elevator field or a cat card that offers a jump. */
static void walk(tat *s, int steps)
{
    int p = s->turn;
    if (s->stopped)
        steps = 0; /* stopped on an elevator field earlier in this turn */
    if (offer_waiting_cat(s, steps))
        return;
    while (steps > 0) {
        advance_one_cell(s, p);
        steps--;
        int seg = s->seg[p];
        if (seg == SEG_EXIT) {
            s->steps = 0;
            s->winners[p] = 1;
            s->phase = PH_OVER;
            return;
        }
        if (segment_is_elevator(seg)) {
            s->stopped = 1;
            s->steps = 0;
            if (epile_size(s) > 0) {
                s->phase = PH_ELEVATOR_DRAW;
                return;
            }
            break;
        }
        int x = segment_door(seg);
        if (s->board[x] != NONE && card_has_cat(s->board[x]) &&
            tat_cat_target(s, seg, card_colour(s->board[x])) >= 0) {
            s->steps = (uint8_t)steps;
            s->phase = PH_CAT;
            return;
        }
    }
    movement_over(s);
}

/* ------------------------------------------------------------------ */
/* Moves: decoding */

decoded tat_decode(br_move m)
{
    decoded d = {K_INVALID, 0, 0};
    if (m < 0 || m >= MOVE_SPACE)
        return d;
    if (m < MV_EXCHANGE) {
        d.kind = K_PLACE;
        d.a = m / DOORS;
        d.b = m % DOORS;
    } else if (m < MV_DONE) {
        d.kind = K_EXCHANGE;
        d.a = m - MV_EXCHANGE;
    } else if (m == MV_DONE) {
        d.kind = K_DONE;
    } else if (m < MV_JUMP) {
        d.kind = K_ELEVATOR;
        d.a = (m - MV_ELEVATOR) / FLOORS;
        d.b = (m - MV_ELEVATOR) % FLOORS;
    } else if (m == MV_JUMP) {
        d.kind = K_JUMP;
    } else if (m == MV_WALK) {
        d.kind = K_WALK;
    } else if (m < MV_DRAW_DOOR) {
        d.kind = K_DROP;
        d.a = m - MV_DROP;
    } else if (m < MV_DRAW_ELEVATOR) {
        d.kind = K_DRAW_DOOR;
        d.a = m - MV_DRAW_DOOR;
    } else {
        d.kind = K_DRAW_ELEVATOR;
        d.a = m - MV_DRAW_ELEVATOR;
    }
    return d;
}

static bool door_draw_phase(int phase)
{
    return phase == PH_DEAL || phase == PH_EXCHANGE_DRAW || phase == PH_DOOR_DRAW;
}

static bool elevator_draw_phase(int phase)
{
    return phase == PH_ELEVATOR_DEAL || phase == PH_ELEVATOR_DRAW;
}

/* ------------------------------------------------------------------ */
/* Setup */

/* The position before the deal, for the options already in *s (run4,
 * different4): every card in its pile, both figures on the start field. */
void tat_clear_to_start(tat *s)
{
    s->pile.one = s->pile.two = (UINT64_C(1) << CARDS) - 1; /* DOOR_COPIES of each */
    memset(s->board, NONE, sizeof s->board);
    memset(s->elevators, NONE, sizeof s->elevators);
    for (int t = 0; t < ETYPES; t++)
        s->epile[t] = ECOPIES;
    s->phase = PH_DEAL;
    s->source = SRC_DOOR;
}

/* ------------------------------------------------------------------ */
/* Turn */

size_t tat_move_space(const void *st)
{
    (void)st;
    return MOVE_SPACE;
}

size_t tat_max_legal_moves(const void *st)
{
    (void)st;
    return MAX_LEGAL;
}

int tat_current_player(const void *st)
{
    const tat *s = st;
    if (s->phase == PH_OVER)
        return BR_PLAYER_TERMINAL;
    if (door_draw_phase(s->phase) || elevator_draw_phase(s->phase))
        return BR_PLAYER_CHANCE;
    return s->turn;
}

/* ------------------------------------------------------------------ */
/* Legal moves */

static bool may_play_elevator(const tat *s)
{
    int p = s->turn;
    return s->phase == PH_TURN && segment_is_elevator(s->seg[p]) && ehand_size(s, p) > 0;
}

static size_t list_placements(const tat *s, br_move *out)
{
    uint8_t free_fields[DOORS];
    int nfree = 0;
    for (int x = 0; x < DOORS; x++)
        if (s->board[x] == NONE)
            free_fields[nfree++] = (uint8_t)x;
    size_t n = 0;
    for (uint64_t h = s->hand[s->turn].one; h; h &= h - 1) {
        br_move base = MV_PLACE + DOORS * br_lowest_bit64(h);
        for (int i = 0; i < nfree; i++)
            out[n++] = base + free_fields[i];
    }
    return n;
}

static size_t list_elevator_plays(const tat *s, br_move *out)
{
    size_t n = 0;
    bool filled = all_elevators_filled(s);
    for (int t = 0; t < ETYPES; t++) {
        if (!s->ehand[s->turn][t])
            continue;
        for (int f = 0; f < FLOORS; f++)
            if (filled || s->elevators[f] == NONE)
                out[n++] = MV_ELEVATOR + FLOORS * t + f;
    }
    return n;
}

size_t tat_chance_outcomes(const void *st, br_move *out, uint32_t *weights)
{
    const tat *s = st;
    size_t n = 0;
    if (door_draw_phase(s->phase)) {
        /* Each card in the pile once, weighted by its copies there. */
        for (uint64_t b = s->pile.one; b; b &= b - 1) {
            int c = br_lowest_bit64(b);
            weights[n] = (uint32_t)cardset_count(&s->pile, c);
            out[n++] = MV_DRAW_DOOR + c;
        }
    } else if (elevator_draw_phase(s->phase)) {
        for (int t = 0; t < ETYPES; t++) {
            if (s->epile[t]) {
                out[n] = MV_DRAW_ELEVATOR + t;
                weights[n++] = s->epile[t];
            }
        }
    }
    return n;
}

size_t tat_legal_moves(const void *st, br_move *out)
{
    const tat *s = st;
    size_t n = 0;
    switch (s->phase) {
    case PH_TURN:
        n = list_placements(s, out);
        if (may_play_elevator(s))
            n += list_elevator_plays(s, out + n);
        return n;
    case PH_DOOR:
        return list_placements(s, out);
    case PH_EXCHANGE:
        for (uint64_t h = s->hand[s->turn].one; h; h &= h - 1)
            out[n++] = MV_EXCHANGE + br_lowest_bit64(h);
        out[n++] = MV_DONE;
        return n;
    case PH_CAT:
        out[0] = MV_JUMP;
        out[1] = MV_WALK;
        return 2;
    case PH_ELEVATOR_DROP:
        for (int t = 0; t < ETYPES; t++)
            if (s->ehand[s->turn][t])
                out[n++] = MV_DROP + t;
        return n;
    case PH_OVER:
        return 0;
    default: {
        uint32_t weights[CARDS];
        return tat_chance_outcomes(s, out, weights);
    }
    }
}

/* ------------------------------------------------------------------ */
/* Checking a move */

static bool check_placement(const tat *s, decoded d, br_text *r)
{
    if (s->phase != PH_TURN && s->phase != PH_DOOR)
        return br_fail(r, "door cards are placed only in a turn, not in phase '%s'",
                       phase_names[s->phase]);
    if (!cardset_has(&s->hand[s->turn], d.a))
        return br_fail(r, "door card %s is not in the hand of seat %d", tat_card_names[d.a],
                       s->turn);
    if (s->board[d.b] != NONE)
        return br_fail(r, "door field %c%d already holds a card", 'a' + d.b % COLUMNS,
                       FLOORS - d.b / COLUMNS);
    return true;
}

static bool check_elevator_play(const tat *s, decoded d, br_text *r)
{
    int p = s->turn;
    if (s->phase == PH_DOOR)
        return br_fail(r, "only one elevator card may be played or exchanged per turn");
    if (s->phase != PH_TURN)
        return br_fail(r, "elevator cards are played only at the start of a turn, not in "
                       "phase '%s'", phase_names[s->phase]);
    if (!segment_is_elevator(s->seg[p])) {
        char at[8];
        at[tat_quoted_position(at, s, p) - 1] = '\0';
        return br_fail(r, "an elevator card may be played only while your figure stands on "
                       "an elevator field (seat %d's figure is on %s)", p, at + 1);
    }
    if (!s->ehand[p][d.a])
        return br_fail(r, "elevator card '%s' is not in the hand of seat %d",
                       etype_names[d.a], p);
    if (s->elevators[d.b] != NONE && !all_elevators_filled(s))
        return br_fail(r, "elevator field e%d already holds a card, and cards may be "
                       "exchanged only once all four elevator fields hold one",
                       FLOORS - d.b);
    return true;
}

static bool check_chance(const tat *s, decoded d, br_text *r)
{
    if (door_draw_phase(s->phase)) {
        if (d.kind != K_DRAW_DOOR)
            return br_fail(r, "at this chance node seat %d draws a door card "
                           "('draw <card>')", s->turn);
        if (!cardset_has(&s->pile, d.a))
            return br_fail(r, "door card %s is not in the pile", tat_card_names[d.a]);
        return true;
    }
    if (d.kind != K_DRAW_ELEVATOR)
        return br_fail(r, "at this chance node seat %d draws an elevator card "
                       "('draw <type>')", s->turn);
    if (!s->epile[d.a])
        return br_fail(r, "no elevator card '%s' is left in the pile", etype_names[d.a]);
    return true;
}

static bool check_decision(const tat *s, decoded d, br_text *r)
{
    switch (d.kind) {
    case K_PLACE:
        return check_placement(s, d, r);
    case K_ELEVATOR:
        return check_elevator_play(s, d, r);
    case K_EXCHANGE:
    case K_DONE:
        if (s->phase != PH_EXCHANGE)
            return br_fail(r, "cards are exchanged only once, during the setup");
        if (d.kind == K_EXCHANGE && !cardset_has(&s->hand[s->turn], d.a))
            return br_fail(r, "door card %s is not in the hand of seat %d", tat_card_names[d.a],
                           s->turn);
        return true;
    case K_JUMP:
    case K_WALK:
        if (s->phase != PH_CAT)
            return br_fail(r, "no cat decision is pending (a figure must just have reached a "
                           "cat card)");
        return true;
    case K_DROP:
        if (s->phase != PH_ELEVATOR_DROP)
            return br_fail(r, "elevator cards are dropped only when a third one was drawn");
        if (!s->ehand[s->turn][d.a])
            return br_fail(r, "elevator card '%s' is not in the hand of seat %d",
                           etype_names[d.a], s->turn);
        return true;
    case K_DRAW_DOOR:
    case K_DRAW_ELEVATOR:
        br_text_puts(r, "'");
        tat_put_move(r, d.kind == K_DRAW_DOOR ? MV_DRAW_DOOR + d.a : MV_DRAW_ELEVATOR + d.a);
        br_text_printf(r, "' is a chance outcome, but seat %d is to move", s->turn);
        return false;
    case K_INVALID:
        break;
    }
    return false;
}

bool tat_check_move(const void *st, br_move move, br_text *reason)
{
    const tat *s = st;
    br_text sink = br_text_over(NULL, 0);
    br_text *r = reason ? reason : &sink;
    decoded d = tat_decode(move);
    if (d.kind == K_INVALID)
        return br_fail(r, "move %ld is not in 0..%d", (long)move, MOVE_SPACE - 1);
    if (s->phase == PH_OVER)
        return br_fail(r, "the game is over");
    if (tat_current_player(s) == BR_PLAYER_CHANCE)
        return check_chance(s, d, r);
    return check_decision(s, d, r);
}

/* ------------------------------------------------------------------ */
/* Applying a move */

static void apply_placement(tat *s, int c, int x)
{
    int p = s->turn;
    cardset_remove(&s->hand[p], c);
    s->board[x] = (uint8_t)c;
    /* The door's three cells become one field: figures inside stand on it,
     * on a cat card without having stepped onto it. */
    for (int q = 0; q < SEATS; q++) {
        if (s->seg[q] == door_segment(x)) {
            s->cell[q] = 0;
            s->cat_wait[q] = card_has_cat(c) ? CAT_LATER : CAT_NONE;
        }
    }
    s->source = SRC_DOOR;
    walk(s, score_placement(s, x));
}

static void apply_elevator_play(tat *s, int t, int f)
{
    int p = s->turn;
    s->ehand[p][t]--;
    if (s->elevators[f] != NONE)
        s->replaced[s->elevators[f]]++;
    s->elevators[f] = (uint8_t)t;
    s->source = SRC_ELEVATOR;
    walk(s, tat_elevator_effect(s, t, f));
}

/* The exchange of seat `turn` is decided: draw replacements, or go on. */
static void next_exchange_step(tat *s)
{
    if (s->exchange_draws > 0) {
        s->phase = PH_EXCHANGE_DRAW;
    } else if (s->turn == 0) {
        s->turn = 1;
        s->phase = PH_EXCHANGE;
    } else {
        s->turn = 0;
        s->phase = PH_ELEVATOR_DEAL;
    }
}

static void end_exchange(tat *s)
{
    s->exchange_draws = (uint8_t)cardset_size(&s->exchanged[s->turn]);
    next_exchange_step(s);
}

static void apply_door_draw(tat *s, int c)
{
    cardset_remove(&s->pile, c);
    cardset_add(&s->hand[s->turn], c);
    switch (s->phase) {
    case PH_DEAL:
        s->dealt++;
        s->turn ^= 1;
        if (s->dealt == SEATS * HAND) {
            s->turn = 0;
            s->phase = PH_EXCHANGE;
        }
        break;
    case PH_EXCHANGE_DRAW:
        s->exchange_draws--;
        next_exchange_step(s);
        break;
    default: /* PH_DOOR_DRAW */
        end_turn(s);
        break;
    }
}

static void apply_elevator_draw(tat *s, int t)
{
    s->epile[t]--;
    s->ehand[s->turn][t]++;
    if (s->phase == PH_ELEVATOR_DEAL) {
        s->turn ^= 1;
        if (ehand_size(s, 0) == EHAND && ehand_size(s, 1) == EHAND) {
            s->turn = 0;
            s->phase = PH_TURN;
        }
    } else if (ehand_size(s, s->turn) > EHAND) {
        s->phase = PH_ELEVATOR_DROP;
    } else {
        movement_over(s);
    }
}

static void apply_cat_jump(tat *s)
{
    int p = s->turn;
    int x = segment_door(s->seg[p]);
    int target = tat_cat_target(s, s->seg[p], card_colour(s->board[x]));
    assert(target > 0); /* phase 'cat' is entered (and loaded) only with a target */
    s->seg[p] = (uint8_t)target;
    s->cell[p] = 0;
    /* "Ein Katzensprung darf keine weiteren Katzensprünge auslösen": a cat
     * at the target waits for a later turn. */
    s->cat_wait[p] = card_has_cat(s->board[segment_door(s->seg[p])]) ? CAT_LATER : CAT_NONE;
    movement_over(s);
}

void tat_apply_move(void *st, br_move move)
{
    tat *s = st;
    decoded d = tat_decode(move);
    switch (d.kind) {
    case K_PLACE:
        apply_placement(s, d.a, d.b);
        break;
    case K_ELEVATOR:
        apply_elevator_play(s, d.a, d.b);
        break;
    case K_EXCHANGE:
        cardset_remove(&s->hand[s->turn], d.a);
        cardset_add(&s->exchanged[s->turn], d.a);
        if (cardset_size(&s->exchanged[s->turn]) == MAX_EXCHANGE)
            end_exchange(s);
        break;
    case K_DONE:
        end_exchange(s);
        break;
    case K_JUMP:
        apply_cat_jump(s);
        break;
    case K_WALK: {
        int steps = s->steps;
        s->steps = 0;
        walk(s, steps);
        break;
    }
    case K_DROP:
        s->ehand[s->turn][d.a]--;
        s->dropped[s->turn][d.a]++;
        movement_over(s);
        break;
    case K_DRAW_DOOR:
        apply_door_draw(s, d.a);
        break;
    case K_DRAW_ELEVATOR:
        apply_elevator_draw(s, d.a);
        break;
    case K_INVALID: /* check_move() refuses it: applying it is a bug */
        assert(!"tat_apply_move: a move outside the move space");
        break;
    }
}

/* ------------------------------------------------------------------ */
/* Results */

void tat_winners(const void *st, uint8_t *is_winner)
{
    const tat *s = st;
    for (int p = 0; p < SEATS; p++)
        is_winner[p] = s->winners[p];
}

void tat_scores(const void *st, double *out)
{
    const tat *s = st;
    for (int p = 0; p < SEATS; p++)
        out[p] = s->seg[p];
}
