/*
 * Tür an Tür's snapshot (doc/games/tuer-an-tuer.md, "Snapshot and
 * observation", "Binary snapshot"): the state's members described once, as a
 * table the core walks (internal.h, "Snapshot fields as data") for the JSON
 * snapshot, every observation, the JSON reader and the binary form (fixed
 * widths, little-endian; the options run4 and different4 travel in the
 * envelope). Here is what is the game's own: the codecs of its notation
 * (cards, positions, the card sets and the elevator card lists, JSON and
 * binary), and the checks across members both loaders end in.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "tuer_an_tuer.h"

/* ------------------------------------------------------------------ */
/* Codecs: JSON */

/* The names as JSON text (br_quoted_name), each copied in one fixed-size
 * move: the lists of cards and elevator cards are most of the text. */
#define Q BR_QUOTED
static const br_quoted_name card_quoted[CARDS] = {
    Q("Y1"), Q("Y2"), Q("Y3"), Q("Y4"), Q("Y5"), Q("Y6"), Q("Y7"), Q("Y8"), Q("Y9"),
    Q("G1"), Q("G2"), Q("G3"), Q("G4"), Q("G5"), Q("G6"), Q("G7"), Q("G8"), Q("G9"),
    Q("R1"), Q("R2"), Q("R3"), Q("R4"), Q("R5"), Q("R6"), Q("R7"), Q("R8"), Q("R9"),
    Q("B1"), Q("B2"), Q("B3"), Q("B4"), Q("B5"), Q("B6"), Q("B7"), Q("B8"), Q("B9"),
};
static const br_quoted_name etype_quoted[ETYPES] = {
    Q("yellow"), Q("green"), Q("red"),  Q("blue"),    Q("cats"),
    Q("doors"),  Q("low"),   Q("high"), Q("colours"), Q("pairs"),
};
static const br_quoted_name phase_quoted[PHASES] = {
    Q("deal"), Q("exchange"), Q("exchange-draw"), Q("elevator-deal"), Q("turn"), Q("door"),
    Q("cat"), Q("elevator-draw"), Q("elevator-drop"), Q("door-draw"), Q("over"),
};
static const br_quoted_name cat_wait_quoted[CAT_WAITS] = {Q("none"), Q("later"), Q("ready")};
static const br_quoted_name source_quoted[] = {Q("door"), Q("elevator")};
#undef Q

static const char *const source_names[] = {"door", "elevator"};

/* The cards of a set in card order, each copy once (R5 twice: "R5","R5"),
 * as one array text straight into the walker's text (a pile holds up to 72
 * cards). Hidden from the viewer, its count: the walk's viewer sees a set
 * of the seat whose entry it is (c->owner; -1 outside the arrays over the
 * seats, so that the pile shows only in the snapshot). */
enum { CARDS_TEXT_MAX = 2 + CARDS * DOOR_COPIES * 5 };
static size_t cards_text(const br_fields_ctx *c, const void *member, char *text)
{
    const cardset *set = member;
    if (c->viewer != BR_VIEW_FULL && (c->owner < 0 || c->viewer != c->owner))
        return br_decimal(text, cardset_size(set));
    size_t n = 0;
    text[n++] = '[';
    for (uint64_t v = set->one; v; v &= v - 1) {
        int card = br_lowest_bit64(v);
        for (int k = set->two >> card & 1 ? 2 : 1; k > 0; k--) {
            memcpy(text + n, card_quoted[card].text, 4);
            text[n + 4] = ',';
            n += 5;
        }
    }
    if (n > 1)
        n--; /* the comma after the last card */
    text[n++] = ']';
    return n;
}

/* A list of cards, in any order; the sizes of the sets (check_sizes) and
 * the census across them (check_census) come after the whole state is
 * read. */
static bool cards_read(const br_fields_ctx *c, void *member, const json_t *v,
                       const br_field_path *at, br_text *err)
{
    cardset *set = member;
    (void)c;
    if (!json_is_array(v))
        return br_field_fail(err, at, "not an array");
    set->one = set->two = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        br_field_path item = {at, NULL, (long)i};
        const json_t *e = json_array_get(v, i);
        int card = json_is_string(e) ? tat_parse_card(json_string_value(e)) : -1;
        if (card < 0 || strcmp(json_string_value(e), tat_card_names[card]) != 0)
            return json_is_string(e)
                       ? br_field_fail(err, &item, "'%s' is not a door card (Y1..B9)",
                                       json_string_value(e))
                       : br_field_fail(err, &item, "not a card text");
        if (cardset_count(set, card) == DOOR_COPIES)
            return br_field_fail(err, &item, "card %s: a third copy (there are 2 of each card)",
                                 tat_card_names[card]);
        cardset_add(set, card);
    }
    return true;
}

/* Figures: the member is seg[p]; its cell lies this far after it. */
enum { CELL_AFTER_SEG = offsetof(tat, cell) - offsetof(tat, seg) };

enum { FIGURE_TEXT_MAX = 8 };
static size_t figure_text(const br_fields_ctx *c, const void *member, char *text)
{
    (void)member;
    return tat_quoted_position(text, c->state, c->owner);
}

/* A position text; the board is loaded first (the cells depend on it). The
 * text is read by writing each position the board has until one matches:
 * the texts read are exactly those written. */
static bool figure_read(const br_fields_ctx *c, void *member, const json_t *v,
                        const br_field_path *at, br_text *err)
{
    uint8_t *seg = member, *cell = seg + CELL_AFTER_SEG;
    if (!json_is_string(v))
        return br_field_fail(err, at, "not a position text");
    const char *t = json_string_value(v);
    size_t len = strlen(t);
    tat probe = *(const tat *)c->state;
    for (int s = SEG_START; s <= SEG_EXIT; s++) {
        for (int k = 0; k < segment_cells(&probe, s); k++) {
            char text[8];
            probe.seg[0] = (uint8_t)s;
            probe.cell[0] = (uint8_t)k;
            if (tat_quoted_position(text, &probe, 0) == len + 2 && memcmp(text + 1, t, len) == 0) {
                *seg = (uint8_t)s;
                *cell = (uint8_t)k;
                return true;
            }
        }
    }
    return br_field_fail(err, at, "'%s' is not a position (start, a4, a4:1..a4:3 on an empty "
                                  "door, e4, exit)", t);
}

/* ------------------------------------------------------------------ */
/* Codecs: binary */

/* The two masks, little-endian, in one write (ten sets per snapshot). */
static void cards_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    const cardset *set = member;
    uint8_t b[16];
    (void)c;
    br_put_le64(b, set->one);
    br_put_le64(b + 8, set->two);
    br_bw_bytes(w, b, sizeof b);
}

/* A card set: two masks, `two` within `one`, no bit beyond the last card. */
static bool cards_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                      const br_field_path *at)
{
    cardset *set = member;
    const uint8_t *b = br_field_take_in_place(r, 16, at);
    (void)c;
    if (!b)
        return false;
    set->one = br_get_le64(b);
    set->two = br_get_le64(b + 8);
    if ((set->one | set->two) >> CARDS)
        return br_field_fail_bytes(r, at, "a card beyond %d in the masks", CARDS - 1);
    if (set->two & ~set->one)
        return br_field_fail_bytes(r, at, "a second copy of a card without its first");
    return true;
}

/* A figure: its segment and its cell; the member is seg[p]. */
static void figure_put(const br_fields_ctx *c, const void *member, br_bytes_writer *w)
{
    (void)c;
    const uint8_t *seg = member;
    uint8_t b[2] = {seg[0], seg[CELL_AFTER_SEG]};
    br_bw_bytes(w, b, 2);
}

/* The board is loaded first: an empty door has three cells, every other
 * field one. */
static bool figure_get(const br_fields_ctx *c, void *member, br_bytes_reader *r,
                    const br_field_path *at)
{
    uint8_t *seg = member;
    const uint8_t *b = br_field_take_in_place(r, 2, at); /* the segment, the cell */
    if (!b)
        return false;
    if (b[0] > SEG_EXIT)
        return br_field_fail_bytes(r, at, "segment %u is not in 0..%d", b[0], SEG_EXIT);
    int cells = segment_cells(c->state, b[0]);
    if (b[1] >= cells)
        return br_field_fail_bytes(r, at, "cell %u, but the field has %d", b[1], cells);
    seg[0] = b[0];
    seg[CELL_AFTER_SEG] = b[1];
    return true;
}

/* The JSON values go straight into the walker's text (br_field_text); the
 * codecs read them back and write and read the binary form. */
static const br_field_codec CARDS_CODEC = {NULL, cards_read, cards_put, cards_get};
static const br_field_codec FIGURE_CODEC = {NULL, figure_read, figure_put, figure_get};

static const br_field_text CARDS_TEXT = {cards_text, CARDS_TEXT_MAX};
static const br_field_text FIGURE_TEXT = {figure_text, FIGURE_TEXT_MAX};

/* ------------------------------------------------------------------ */
/* The table */

/* A one-byte count 0..max (and more of the entry: flags, an array). */
#define U8(k, member, ...)                                                                     \
    {BR_KEY(k), .kind = BR_FIELD_INT, .width = 1, .offset = offsetof(tat, member),             \
     .max = __VA_ARGS__}
/* A member the codec reads and writes in binary, and its text writer (and
 * more of the entry). */
#define CODEC(k, member, codec_, ...)                                                          \
    {BR_KEY(k), .kind = BR_FIELD_CODEC, .offset = offsetof(tat, member), .codec = &codec_,      \
     .text = &__VA_ARGS__}
/* Elevator cards, a count per type (at most ECOPIES; the hands' limit is
 * check_play_phase()'s): seen by `see_`, else their number. */
#define ETYPES_BAG(k, member, see_, ...)                                                       \
    {BR_KEY(k), .kind = BR_FIELD_BAG, .width = ETYPES, .max = ECOPIES,                          \
     .offset = offsetof(tat, member), .names = etype_names, .quoted = etype_quoted,            \
     .see = see_, .hide = BR_HIDE_COUNT, __VA_ARGS__}
#define PER_SEAT(member) .count = BR_FIELD_SEATS, .stride = sizeof(((tat *)0)->member[0])
#define J BR_FIELD_JSON_ONLY
#define B BR_FIELD_BYTES_ONLY

static const br_field last_score_fields[SC_FIELDS] = {
    U8("colour", last[SC_COLOUR], 10), U8("number", last[SC_NUMBER], 10),
    U8("ascending", last[SC_ASCENDING], 10), U8("run", last[SC_RUN], 10),
    U8("different", last[SC_DIFFERENT], 10), U8("elevator", last[SC_ELEVATOR], 10),
    U8("total", last[SC_TOTAL], 255),
};
static const br_field_table last_score_table = {last_score_fields, SC_FIELDS};

/* The final scoring: null (has_final 0), or its steps and the steps each
 * seat needed (0 without one: check_scores). */
static const br_field final_fields[] = {
    U8("steps", final_steps, 255),
    U8("needed", final_needed, SEG_EXIT, PER_SEAT(final_needed)),
};
static const br_field_table final_table = {final_fields, 2};

/* The JSON text and the binary form order some members differently: such a
 * member has an entry for each (J: JSON only, B: binary only). */
static const br_field state_fields[] = {
    {BR_KEY("phase"), .kind = BR_FIELD_NAME, .width = 1, .offset = offsetof(tat, phase),
     .max = PHASES - 1, .names = phase_names, .quoted = phase_quoted},
    U8("turn", turn, SEATS - 1),
    U8("dealt", dealt, SEATS * HAND),
    U8("exchange_draws", exchange_draws, MAX_EXCHANGE, .flags = B),
    U8("steps", steps, 255, .flags = B),
    {BR_KEY("source"), .kind = BR_FIELD_NAME, .width = 1, .offset = offsetof(tat, source),
     .max = SRC_ELEVATOR, .names = source_names, .quoted = source_quoted, .flags = B},
    {BR_KEY("stopped"), .kind = BR_FIELD_BOOL, .offset = offsetof(tat, stopped), .flags = B},
    {BR_KEY("board"), .kind = BR_FIELD_NAME, .width = 1, .offset = offsetof(tat, board),
     .count = DOORS, .stride = 1, .max = CARDS - 1, .names = tat_card_names, .quoted = card_quoted,
     .flags = BR_FIELD_NULLABLE, .none = NONE},
    {BR_KEY("elevators"), .kind = BR_FIELD_NAME, .width = 1, .offset = offsetof(tat, elevators),
     .count = FLOORS, .stride = 1, .max = ETYPES - 1, .names = etype_names, .quoted = etype_quoted,
     .flags = BR_FIELD_NULLABLE, .none = NONE},
    CODEC("figures", seg, FIGURE_CODEC, FIGURE_TEXT, PER_SEAT(seg)),
    CODEC("door_pile", pile, CARDS_CODEC, CARDS_TEXT, .flags = B),
    CODEC("hands", hand, CARDS_CODEC, CARDS_TEXT, PER_SEAT(hand)),
    ETYPES_BAG("elevator_hands", ehand, BR_SEE_OWNER, PER_SEAT(ehand), .flags = J),
    CODEC("exchanged", exchanged, CARDS_CODEC, CARDS_TEXT, PER_SEAT(exchanged)),
    U8("exchange_draws", exchange_draws, MAX_EXCHANGE, .flags = J),
    CODEC("door_pile", pile, CARDS_CODEC, CARDS_TEXT, .flags = J),
    ETYPES_BAG("elevator_hands", ehand, BR_SEE_OWNER, PER_SEAT(ehand), .flags = B),
    ETYPES_BAG("dropped", dropped, BR_SEE_OWNER, PER_SEAT(dropped), .flags = B),
    ETYPES_BAG("replaced", replaced, BR_SEE_ALL, .flags = B),
    ETYPES_BAG("elevator_pile", epile, BR_SEE_NONE),
    ETYPES_BAG("dropped", dropped, BR_SEE_OWNER, PER_SEAT(dropped), .flags = J),
    ETYPES_BAG("replaced", replaced, BR_SEE_ALL, .flags = J),
    U8("steps", steps, 255, .flags = J),
    {BR_KEY("source"), .kind = BR_FIELD_NAME, .width = 1, .offset = offsetof(tat, source),
     .max = SRC_ELEVATOR, .names = source_names, .quoted = source_quoted, .flags = J},
    {BR_KEY("stopped"), .kind = BR_FIELD_BOOL, .offset = offsetof(tat, stopped), .flags = J},
    {BR_KEY("cat_wait"), .kind = BR_FIELD_NAME, .width = 1, .offset = offsetof(tat, cat_wait),
     PER_SEAT(cat_wait), .max = CAT_WAITS - 1, .names = cat_wait_names,
     .quoted = cat_wait_quoted},
    {BR_KEY("last_score"), .kind = BR_FIELD_OBJECT, .table = &last_score_table},
    {BR_KEY("final"), .kind = BR_FIELD_OBJECT, .table = &final_table, .flags = BR_FIELD_NULLABLE,
     .present_at = 1 + offsetof(tat, has_final)},
    {BR_KEY("winners"), .kind = BR_FIELD_BOOL, .offset = offsetof(tat, winners),
     PER_SEAT(winners)},
    BR_FIELD_VIEWER_SEAT,
};

static const br_field_table state_table = {state_fields,
                                           sizeof state_fields / sizeof state_fields[0]};

/* ------------------------------------------------------------------ */
/* The checks across members, both loaders' */

/* Adds mask m to a three-bit counter per card (bit c of c0, c1, c2). */
static void count_mask(uint64_t *c0, uint64_t *c1, uint64_t *c2, uint64_t m)
{
    uint64_t carry = *c0 & m;
    *c0 ^= m;
    uint64_t carry2 = *c1 & carry;
    *c1 ^= carry;
    *c2 |= carry2;
}

/* Whether every door card is found exactly twice (board, hands, exchanged,
 * pile), counted over the masks at once. */
static bool census_is_complete(const tat *s)
{
    uint64_t c0 = 0, c1 = 0, c2 = 0;
    for (int x = 0; x < DOORS; x++)
        if (s->board[x] != NONE)
            count_mask(&c0, &c1, &c2, UINT64_C(1) << s->board[x]);
    const cardset *sets[] = {&s->pile, &s->hand[0], &s->hand[1], &s->exchanged[0],
                             &s->exchanged[1]};
    for (int i = 0; i < 5; i++) {
        count_mask(&c0, &c1, &c2, sets[i]->one);
        count_mask(&c0, &c1, &c2, sets[i]->two);
    }
    uint64_t all = (UINT64_C(1) << CARDS) - 1;
    return (~c0 & c1 & ~c2 & all) == all;
}

/* Every card exactly twice. Run copy by copy, in the order of the JSON text,
 * only when the quick count finds a card not twice, for the reason naming
 * where: the third copy's entry, or the pile for a missing one. */
static bool check_census(const tat *s, br_text *err)
{
    static const char *const set_names[] = {"hands[0]", "hands[1]", "exchanged[0]",
                                            "exchanged[1]", "door_pile"};
    const cardset *sets[] = {&s->hand[0], &s->hand[1], &s->exchanged[0], &s->exchanged[1],
                             &s->pile};
    uint8_t found[CARDS] = {0};
    if (census_is_complete(s))
        return true;
    for (int x = 0; x < DOORS; x++)
        if (s->board[x] != NONE && found[s->board[x]]++ == DOOR_COPIES)
            return br_fail(err, "state.board[%d]: card %s: a third copy (there are 2 of each "
                                "card)", x, tat_card_names[s->board[x]]);
    for (int i = 0; i < 5; i++) {
        int index = 0;
        for (uint64_t v = sets[i]->one; v; v &= v - 1)
            for (int c = br_lowest_bit64(v), k = cardset_count(sets[i], c); k > 0; k--, index++)
                if (found[c]++ == DOOR_COPIES)
                    return br_fail(err, "state.%s[%d]: card %s: a third copy (there are 2 of "
                                        "each card)", set_names[i], index, tat_card_names[c]);
    }
    for (int c = 0; c < CARDS; c++)
        if (found[c] != DOOR_COPIES)
            return br_fail(err, "state.door_pile: card %s: %d of its 2 copies found (board, "
                                "hands, exchanged and pile)", tat_card_names[c], found[c]);
    return true;
}

static bool check_elevator_census(const tat *s, br_text *err)
{
    for (int t = 0; t < ETYPES; t++) {
        int n = s->epile[t] + s->replaced[t];
        for (int p = 0; p < SEATS; p++)
            n += s->ehand[p][t] + s->dropped[p][t];
        for (int f = 0; f < FLOORS; f++)
            n += s->elevators[f] == t;
        if (n != ECOPIES)
            return br_fail(err, "state.elevator_pile: elevator card '%s' appears %d times in all, "
                             "expected %d", etype_names[t], n, ECOPIES);
    }
    return true;
}

static bool board_empty(const tat *s)
{
    uint8_t none[DOORS];
    memset(none, NONE, sizeof none);
    return !memcmp(s->board, none, DOORS) && !memcmp(s->elevators, none, FLOORS);
}

/* Hand sizes during the setup follow from the phase and the seat. */
static bool check_setup(const tat *s, br_text *err)
{
    int h0 = cardset_size(&s->hand[0]), h1 = cardset_size(&s->hand[1]);
    int x0 = cardset_size(&s->exchanged[0]), x1 = cardset_size(&s->exchanged[1]);
    if (!board_empty(s))
        return br_fail(err, "state.board: cards on the board during the setup");
    if (s->seg[0] != SEG_START || s->seg[1] != SEG_START)
        return br_fail(err, "state.figures: figures must be on the start field during the setup");
    if (count_etypes(s->dropped[0]) + count_etypes(s->dropped[1]) + count_etypes(s->replaced))
        return br_fail(err, "state.dropped: no elevator card can be discarded during the setup");
    if (s->phase == PH_DEAL) {
        if (s->dealt >= SEATS * HAND || h0 != (s->dealt + 1) / 2 || h1 != s->dealt / 2 ||
            s->turn != s->dealt % 2)
            return br_fail(err, "state.hands: %d and %d cards do not fit %d dealt (seat %d next)",
                        h0, h1, s->dealt, s->turn);
        if (x0 || x1)
            return br_fail(err, "state.exchanged: no exchange before the deal is over");
    } else if (s->dealt != SEATS * HAND) {
        return br_fail(err, "state.dealt: %d, but the deal is over", s->dealt);
    }
    int e0 = ehand_size(s, 0), e1 = ehand_size(s, 1);
    if (s->phase != PH_ELEVATOR_DEAL && (e0 || e1))
        return br_fail(err, "state.elevator_hands: elevator cards are dealt after the exchange");
    if (s->phase == PH_EXCHANGE || s->phase == PH_EXCHANGE_DRAW) {
        int p = s->turn;
        int missing = s->phase == PH_EXCHANGE ? cardset_size(&s->exchanged[p]) : s->exchange_draws;
        int held = cardset_size(&s->hand[p]) + missing;
        if (held != HAND || (p == 1 && h0 != HAND) || (p == 0 && (h1 != HAND || x1)))
            return br_fail(err, "state.hands: sizes do not fit the exchange of seat %d", p);
        if (s->phase == PH_EXCHANGE && cardset_size(&s->exchanged[p]) >= MAX_EXCHANGE)
            return br_fail(err, "state.exchanged[%d]: the exchange ends after 3 cards", p);
        if (s->phase == PH_EXCHANGE_DRAW &&
            (s->exchange_draws == 0 || s->exchange_draws > cardset_size(&s->exchanged[p])))
            return br_fail(err, "state.exchange_draws: %d does not fit %d exchanged cards",
                        s->exchange_draws, cardset_size(&s->exchanged[p]));
    }
    if (s->phase == PH_ELEVATOR_DEAL) {
        if (h0 != HAND || h1 != HAND)
            return br_fail(err, "state.hands: both seats hold 5 door cards after the exchange");
        int k = e0 + e1;
        if (k >= SEATS * EHAND || e0 != (k + 1) / 2 || e1 != k / 2 || s->turn != k % 2)
            return br_fail(err, "state.elevator_hands: %d and %d cards do not fit the deal", e0, e1);
    }
    if (s->phase != PH_EXCHANGE_DRAW && s->exchange_draws)
        return br_fail(err, "state.exchange_draws: non-zero outside the phase 'exchange-draw'");
    if (s->steps || s->stopped || s->source != SRC_DOOR || s->last[SC_TOTAL])
        return br_fail(err, "state.steps: steps, stopped, source and last_score must be at their "
                         "start values during the setup");
    return true;
}

/* Door hand size of the mover: 4 between a placement and its draw. */
static int expected_mover_hand(const tat *s)
{
    switch (s->phase) {
    case PH_TURN:
    case PH_DOOR:
        return HAND;
    case PH_DOOR_DRAW:
        return HAND - 1;
    default:
        return s->source == SRC_DOOR ? HAND - 1 : HAND;
    }
}

static bool check_play_phase(const tat *s, br_text *err)
{
    int p = s->turn, o = p ^ 1;
    if (s->dealt != SEATS * HAND || s->exchange_draws)
        return br_fail(err, "state.dealt: the setup must be complete in phase '%s'",
                    phase_names[s->phase]);
    if (cardset_size(&s->hand[o]) != HAND)
        return br_fail(err, "state.hands[%d]: %d cards, expected 5", o, cardset_size(&s->hand[o]));
    int mover = expected_mover_hand(s);
    int held = cardset_size(&s->hand[p]);
    if (s->phase == PH_OVER ? held < HAND - 1 : held != mover)
        return br_fail(err, "state.hands[%d]: %d cards do not fit phase '%s'", p, held,
                    phase_names[s->phase]);
    if (ehand_size(s, o) > EHAND)
        return br_fail(err, "state.elevator_hands[%d]: more than 2 cards", o);
    int elevator_cards = ehand_size(s, p);
    if ((elevator_cards > EHAND) != (s->phase == PH_ELEVATOR_DROP) || elevator_cards > EHAND + 1)
        return br_fail(err, "state.elevator_hands[%d]: %d cards; 3 only while one is to be dropped",
                       p, elevator_cards);
    if (s->phase != PH_CAT && s->steps)
        return br_fail(err, "state.steps: pending steps only in phase 'cat'");
    if (s->phase == PH_TURN && (s->stopped || s->source != SRC_DOOR))
        return br_fail(err, "state.stopped: a turn starts with stopped false and source 'door'");
    if (s->phase == PH_TURN && (s->cat_wait[0] == CAT_LATER || s->cat_wait[1] == CAT_LATER))
        return br_fail(err, "state.cat_wait: 'later' ends with the turn it was set in");
    if (s->phase == PH_DOOR && s->source != SRC_ELEVATOR)
        return br_fail(err, "state.source: phase 'door' follows an elevator card");
    if (s->phase == PH_DOOR_DRAW && s->source != SRC_DOOR)
        return br_fail(err, "state.source: phase 'door-draw' follows a door card");
    if (s->stopped && !segment_is_elevator(s->seg[p]))
        return br_fail(err, "state.stopped: the mover's figure is not on an elevator field");
    if (s->phase != PH_OVER && board_full(s) && s->phase != PH_CAT &&
        s->phase != PH_ELEVATOR_DRAW && s->phase != PH_ELEVATOR_DROP)
        return br_fail(err, "state.board: the board is full, the game should be over");
    return true;
}

static bool check_pending(const tat *s, br_text *err)
{
    int p = s->turn;
    int seg = s->seg[p];
    if (s->phase == PH_CAT) {
        int x = segment_door(seg);
        if (x < 0 || s->board[x] == NONE || !card_has_cat(s->board[x]) ||
            tat_cat_target(s, seg, card_colour(s->board[x])) < 0)
            return br_fail(err, "state.figures[%d]: a cat decision needs the figure on a cat card "
                             "with a door of its colour ahead", p);
    }
    if (s->phase == PH_ELEVATOR_DRAW && (!s->stopped || !epile_size(s)))
        return br_fail(err, "state.stopped: an elevator draw needs the figure stopped on an "
                         "elevator field and a card in the pile");
    if (s->phase == PH_DOOR_DRAW && cardset_empty(&s->pile))
        return br_fail(err, "state.door_pile: empty, but a door card is to be drawn");
    return true;
}

static bool check_end(const tat *s, br_text *err)
{
    bool over = s->phase == PH_OVER;
    for (int p = 0; p < SEATS; p++) {
        if (!over && (s->winners[p] || s->seg[p] == SEG_EXIT))
            return br_fail(err, "state.winners[%d]: a winner or a figure at the exit, but the "
                             "game is not over", p);
    }
    if (!over && s->has_final)
        return br_fail(err, "state.final: set, but the game is not over");
    if (!over)
        return true;
    if (s->has_final) {
        if (!board_full(s))
            return br_fail(err, "state.final: a final scoring needs a full board");
        for (int p = 0; p < SEATS; p++) {
            bool out = s->final_steps >= s->final_needed[p];
            int q = p ^ 1;
            bool wins = out && (s->final_steps < s->final_needed[q] ||
                                s->final_needed[p] <= s->final_needed[q]);
            if (s->winners[p] != wins)
                return br_fail(err, "state.winners[%d]: does not follow from state.final", p);
            if (out != (s->seg[p] == SEG_EXIT))
                return br_fail(err, "state.figures[%d]: does not follow from state.final", p);
        }
        return true;
    }
    int p = s->turn;
    if (s->seg[p] != SEG_EXIT || !s->winners[p] || s->winners[p ^ 1] || s->seg[p ^ 1] == SEG_EXIT)
        return br_fail(err, "state.winners: the game ended without a final scoring, so exactly "
                         "seat %d (which moved last) must be at the exit and win", p);
    return true;
}

/* A waiting cat needs the figure on a door field holding a cat card. */
static bool check_cat_waits(const tat *s, br_text *err)
{
    for (int p = 0; p < SEATS; p++) {
        int w = s->cat_wait[p];
        int x = segment_door(s->seg[p]);
        if (w != CAT_NONE && (x < 0 || s->board[x] == NONE || !card_has_cat(s->board[x])))
            return br_fail(err, "state.cat_wait[%d]: '%s', but figure %d does not stand on a "
                                "cat card", p, cat_wait_names[w], p);
    }
    return true;
}

/* The last score's total is the sum of its parts; a final scoring's numbers
 * are all 0 without one (the binary form has them; JSON writes null). */
static bool check_scores(const tat *s, br_text *err)
{
    int total = 0;
    for (int i = 0; i < SC_TOTAL; i++)
        total += s->last[i];
    if (total != s->last[SC_TOTAL])
        return br_fail(err, "state.last_score.total: %d is not the sum of the parts (%d)",
                       s->last[SC_TOTAL], total);
    for (int p = 0; p < SEATS; p++)
        if (s->has_final ? s->final_needed[p] < 1 : s->final_needed[p] != 0)
            return br_fail(err, "state.final.needed[%d]: %u is not %s", p, s->final_needed[p],
                           s->has_final ? "in 1..21" : "0 (no final scoring)");
    if (!s->has_final && s->final_steps)
        return br_fail(err, "state.final.steps: %u, but there is no final scoring (0 there)",
                       s->final_steps);
    return true;
}

/* The most cards a hand and an exchange hold, in any phase. */
static bool check_sizes(const tat *s, br_text *err)
{
    for (int p = 0; p < SEATS; p++) {
        if (cardset_size(&s->hand[p]) > HAND)
            return br_fail(err, "state.hands[%d]: %d cards, at most %d", p,
                           cardset_size(&s->hand[p]), HAND);
        if (cardset_size(&s->exchanged[p]) > MAX_EXCHANGE)
            return br_fail(err, "state.exchanged[%d]: %d cards, at most %d", p,
                           cardset_size(&s->exchanged[p]), MAX_EXCHANGE);
    }
    return true;
}

/* The checks over the whole loaded state, the same for both loaders. */
static bool check_invariants(const tat *s, br_text *err)
{
    if (!check_sizes(s, err) || !check_census(s, err) || !check_cat_waits(s, err) || !check_scores(s, err) ||
        !check_elevator_census(s, err))
        return false;
    bool ok = s->phase <= PH_ELEVATOR_DEAL ? check_setup(s, err)
                                    : check_play_phase(s, err) && check_pending(s, err);
    return ok && check_end(s, err);
}

/* ------------------------------------------------------------------ */
/* The vtable's entries */

/* The walk over the table for `viewer` at `s`. */
static br_fields_ctx context(const tat *s, int viewer)
{
    return (br_fields_ctx){.state = s, .viewer = viewer, .num_seats = SEATS, .owner = -1};
}

void tat_write_view(const void *st, int viewer, br_jw *w)
{
    br_fields_ctx c = context(st, viewer);
    br_fields_write_json(&state_table, &c, st, w);
}

void tat_to_bytes(const void *st, br_bytes_writer *w)
{
    br_fields_ctx c = context(st, BR_VIEW_FULL);
    br_fields_write_bytes(&state_table, &c, st, w);
}

/* Both loaders: the members read (from `json`, or else from `r`) into a
 * cleared state that keeps the options of `st`, which init() has set; the
 * checks across members; only then `st` replaced. */
static br_status load(void *st, const json_t *json, br_bytes_reader *r, br_text *err)
{
    static const br_field_path root = {NULL, "state", 0};
    tat loaded;
    memset(&loaded, 0, sizeof loaded);
    loaded.run4 = ((const tat *)st)->run4;
    loaded.different4 = ((const tat *)st)->different4;
    br_fields_ctx c = context(&loaded, BR_VIEW_FULL);
    bool ok = json ? br_fields_read_json(&state_table, &c, &loaded, json, &root, err)
                   : br_fields_read_bytes(&state_table, &c, &loaded, r, &root);
    if (!ok || !check_invariants(&loaded, err))
        return BR_ERR_SNAPSHOT;
    *(tat *)st = loaded;
    return BR_OK;
}

br_status tat_from_json(void *st, const json_t *state, br_text *err)
{
    return load(st, state, NULL, err);
}

/* A payload that ends early fails at the member it ends in, as the walk or
 * the codec reads it. */
br_status tat_from_bytes(void *st, br_bytes_reader *r, br_text *err)
{
    return load(st, NULL, r, err);
}
