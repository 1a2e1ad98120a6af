/*
 * Drunter & Drüber's effects: what one history entry changed, as one seat
 * (or a spectator) may see it (doc/games/drunter-und-drueber.md, "Effects").
 * Everything is read off the move and the two positions around it; nothing
 * is allocated.
 *
 * One entry can hold more than its own move: the last ballot or jein
 * declaration also counts the vote and lays the tile or gives it back, a
 * proposal nobody can vote on is given back at once, and every move that
 * ends a turn may pass over seats that cannot lay, call for the pro choice
 * or end the game. The effects follow in that order. The position before
 * the entry still has the board the tile is laid on, so the squares, the
 * bridge passed and the things covered are worked out there.
 */
#include "drunter_und_drueber.h"

enum {
    NAME_SIZE = 16, /* a square ("l12"), a tile ("river2") or a lay ("wall2 3b e") */
    ALL_CREWS = (1 << DUD_PATHS) - 1
};

/* ------------------------------------------------------------------ */
/* Names */

static dud_lay lay_of_move(br_move move)
{
    int r = (int)(move - DUD_MV_LAY);
    return (dud_lay){(uint8_t)(r / (DUD_SHAPES * DUD_DIRS)), (uint8_t)(r / DUD_DIRS % DUD_SHAPES),
                     (uint8_t)(r % DUD_DIRS)};
}

static int lay_tile_type(dud_lay lay)
{
    return dud_tile_type(dud_path_kind[lay.path], lay.shape);
}

static void put_square(br_jw *w, int sq)
{
    char buf[NAME_SIZE];
    br_text t = br_text_over(buf, sizeof buf);
    dud_put_square(&t, sq);
    br_jw_string(w, buf);
}

static void key_square(br_jw *w, const char *key, int sq)
{
    br_jw_key(w, key);
    put_square(w, sq);
}

static void put_tile(br_jw *w, int type)
{
    br_jw_string(w, dud_tile_names[type]);
}

static void key_tile(br_jw *w, const char *key, int type)
{
    br_jw_key(w, key);
    put_tile(w, type);
}

static void put_lay(br_jw *w, dud_lay lay)
{
    char buf[NAME_SIZE];
    br_text t = br_text_over(buf, sizeof buf);
    dud_put_lay(&t, lay);
    br_jw_string(w, buf);
}

static void key_lay(br_jw *w, const char *key, dud_lay lay)
{
    br_jw_key(w, key);
    put_lay(w, lay);
}

/* Vote cards as names in card order ([] for the empty ballot). */
static void key_vote_cards(br_jw *w, const char *key, unsigned cards)
{
    br_jw_key(w, key);
    br_jw_begin_array(w);
    for (int c = 0; c < DUD_VOTE_CARDS; c++)
        if (cards >> c & 1)
            br_jw_string(w, dud_vote_names[c]);
    br_jw_end_array(w);
}

static void key_seats(br_jw *w, const char *key, unsigned mask, int n)
{
    br_jw_key(w, key);
    br_jw_begin_array(w);
    for (int p = 0; p < n; p++)
        if (mask >> p & 1)
            br_jw_int(w, p);
    br_jw_end_array(w);
}

/* Opens an effect object: "type" first. */
static void begin_effect(br_jw *w, const char *type)
{
    br_jw_begin_object(w);
    br_jw_key_string(w, "type", type);
}

/* Opens an effect that concerns one seat: "type", then "seat". */
static void begin_seat_effect(br_jw *w, const char *type, int seat)
{
    begin_effect(w, type);
    br_jw_key_int(w, "seat", seat);
}

/* ------------------------------------------------------------------ */
/* Where a lay goes, on the board before it */

typedef struct lay_place {
    int first, step, len; /* the tile's squares: first + i * step, i < len */
    int under;            /* the bridge square the path passes under, or -1 */
} lay_place;

static lay_place place_of(const dud *before, dud_lay lay)
{
    lay_place q = {0, 0, dud_shape_length[lay.shape], -1};
    if (!dud_lay_squares(before, lay.path, lay.shape, lay.dir, &q.first, &q.step))
        return (lay_place){0, 0, 0, -1}; /* only legal lays are applied */
    if (q.first != before->crew[lay.path] + q.step)
        q.under = before->crew[lay.path] + q.step;
    return q;
}

static void key_squares(br_jw *w, const char *key, lay_place q)
{
    br_jw_key(w, key);
    br_jw_begin_array(w);
    for (int i = 0; i < q.len; i++)
        put_square(w, q.first + i * q.step);
    br_jw_end_array(w);
}

/* The squares of the tile that hold a toilet. */
static void key_toilets(br_jw *w, const char *key, lay_place q)
{
    br_jw_key(w, key);
    br_jw_begin_array(w);
    for (int i = 0, sq = q.first; i < q.len; i++, sq += q.step)
        if (dud_board_info[sq].kind == DUD_SQ_TOILET)
            put_square(w, sq);
    br_jw_end_array(w);
}

/* "propose": a tile over a toilet put to the vote. */
static void write_propose(const dud *before, dud_lay lay, br_jw *w)
{
    lay_place q = place_of(before, lay);
    begin_seat_effect(w, "propose", before->turn);
    key_lay(w, "lay", lay);
    key_tile(w, "tile", lay_tile_type(lay));
    key_squares(w, "squares", q);
    key_toilets(w, "toilets", q);
    br_jw_end_object(w);
}

static void write_under_bridge(const dud *before, dud_lay lay, int square, br_jw *w)
{
    int bridge_path = (before->board[square] & DUD_PIECE_PATH) - 1;
    begin_effect(w, "under_bridge");
    br_jw_key_string(w, "path", dud_path_names[lay.path]);
    key_square(w, "square", square);
    br_jw_key_string(w, "bridge_path", dud_path_names[bridge_path]);
    br_jw_end_object(w);
}

/* A building or toilet the tile now stands on. */
static void write_covered(int sq, br_jw *w)
{
    const dud_square_info *in = &dud_board_info[sq];
    if (in->kind == DUD_SQ_BUILDING) {
        begin_effect(w, "building_covered");
        key_square(w, "square", sq);
        br_jw_key_string(w, "building", dud_building_names[in->type]);
        br_jw_key_int(w, "value", in->value);
        br_jw_end_object(w);
    } else if (in->kind == DUD_SQ_TOILET) {
        begin_effect(w, "toilet_covered");
        key_square(w, "square", sq);
        br_jw_end_object(w);
    }
}

/* "lay": the mover's tile put on the board (at once, or after a vote it
 * passed), then the bridge it passed under and what it covered. */
static void write_laid(const dud *before, dud_lay lay, br_jw *w)
{
    lay_place q = place_of(before, lay);
    int bridge = dud_shape_bridge[lay.shape];
    begin_seat_effect(w, "lay", before->turn);
    key_lay(w, "lay", lay);
    key_tile(w, "tile", lay_tile_type(lay));
    key_squares(w, "squares", q);
    if (bridge >= 0)
        key_square(w, "bridge", q.first + bridge * q.step);
    key_square(w, "crew", q.first + (q.len - 1) * q.step);
    br_jw_end_object(w);
    if (q.under >= 0)
        write_under_bridge(before, lay, q.under, w);
    for (int i = 0, sq = q.first; i < q.len; i++, sq += q.step)
        write_covered(sq, w);
}

/* ------------------------------------------------------------------ */
/* The vote */

/* "ballot": the cards a seat chose, for itself only; "reveal" follows
 * with everybody's when it was the last. */
static void write_ballot(const dud *before, const dud *after, br_move move, int viewer,
                         br_jw *w)
{
    int actor = dud_actor(before);
    unsigned cards = (unsigned)(move - DUD_MV_VOTE);
    begin_seat_effect(w, "ballot", actor);
    if (viewer == actor)
        key_vote_cards(w, "ballot", cards);
    else
        br_jw_key_string(w, "ballot", "?");
    br_jw_end_object(w);
    if (after->phase == DUD_PH_VOTE)
        return;
    unsigned voted = before->voted | 1u << actor;
    begin_effect(w, "reveal");
    br_jw_key(w, "ballots");
    br_jw_begin_array(w);
    for (int p = 0; p < before->num_players; p++) {
        if (!(voted >> p & 1))
            continue; /* held no vote card */
        br_jw_begin_object(w);
        br_jw_key_int(w, "seat", p);
        key_vote_cards(w, "ballot", p == actor ? cards : before->ballot[p]);
        br_jw_end_object(w);
    }
    br_jw_end_array(w);
    br_jw_end_object(w);
}

static void write_jein(const dud *before, br_move move, br_jw *w)
{
    begin_seat_effect(w, "jein", dud_actor(before));
    br_jw_key_string(w, "side", move == DUD_MV_JEIN_YES ? "yes" : "no");
    br_jw_end_object(w);
}

/* "result", then "lay" or "take_back": the vote was counted in this entry. */
static void write_count(const dud *before, const dud *after, dud_lay lay, br_jw *w)
{
    const dud_vote_result *v = &after->last_vote;
    begin_seat_effect(w, "result", before->turn);
    key_lay(w, "lay", lay);
    br_jw_key_bool(w, "passed", v->passed);
    br_jw_key_int(w, "yes", v->yes);
    br_jw_key_int(w, "no", v->no);
    key_seats(w, "jein_yes", v->jein_yes, after->num_players);
    br_jw_end_object(w);
    if (v->passed) {
        write_laid(before, lay, w);
        return;
    }
    begin_seat_effect(w, "take_back", before->turn);
    key_lay(w, "lay", lay);
    key_tile(w, "tile", lay_tile_type(lay));
    br_jw_end_object(w);
}

/* "reopened": lays voted down that may be proposed again. */
static void write_reopened(const dud *before, const dud *after, br_jw *w)
{
    bool any = false;
    for (br_move m = 0; m < DUD_MV_VOTE && !any; m++)
        any = dud_rejected(before, m) && !dud_rejected(after, m);
    if (!any)
        return;
    begin_effect(w, "reopened");
    br_jw_key_string(w, "reason",
                     after->tiles_laid != before->tiles_laid ? "tile-laid" : "cards-played");
    br_jw_key(w, "lays");
    br_jw_begin_array(w);
    for (br_move m = 0; m < DUD_MV_VOTE; m++)
        if (dud_rejected(before, m) && !dud_rejected(after, m))
            put_lay(w, lay_of_move(m));
    br_jw_end_array(w);
    br_jw_end_object(w);
}

/* ------------------------------------------------------------------ */
/* Deals and the pro choice */

static void write_deal(const dud *before, const dud *after, br_move move, int viewer,
                       br_jw *w)
{
    int seat, cls;
    dud_deal_position(before, &seat, &cls);
    begin_seat_effect(w, "deal", seat);
    br_jw_key_int(w, "length", DUD_LENGTHS - cls);
    if (viewer == seat) /* face down: the receiver alone sees it */
        key_tile(w, "tile", (int)(move - DUD_MV_DEAL_TILE));
    else
        br_jw_key_string(w, "tile", "?");
    br_jw_end_object(w);
    if (after->phase == DUD_PH_DEAL_TILES)
        return;
    begin_effect(w, "hands_open"); /* the last tile: every hand is laid open */
    br_jw_key(w, "hands");
    br_jw_begin_array(w);
    for (int p = 0; p < after->num_players; p++) {
        br_jw_begin_object(w);
        br_jw_key_int(w, "seat", p);
        br_jw_key(w, "tiles");
        br_jw_begin_array(w);
        for (int t = 0; t < DUD_TILE_TYPES; t++)
            for (int k = 0; k < after->hand[p][t]; k++)
                put_tile(w, t);
        br_jw_end_array(w);
        br_jw_end_object(w);
    }
    br_jw_end_array(w);
    br_jw_end_object(w);
}

/* "building_card": face down, seen by its receiver alone. */
static void write_building_card(const dud *before, br_move move, int viewer, br_jw *w)
{
    int seat = 0;
    while (seat < before->num_players - 1 && before->building[seat] != DUD_NONE)
        seat++;
    begin_seat_effect(w, "building_card", seat);
    if (viewer == seat)
        br_jw_key_string(w, "card", dud_building_names[move - DUD_MV_DEAL_BUILDING]);
    else
        br_jw_key_string(w, "card", "?");
    br_jw_end_object(w);
}

/* "task_card": pro, face up. */
static void write_task_card(const dud *before, br_move move, br_jw *w)
{
    int seat = 0, slot = 0;
    while (seat < before->num_players - 1 && before->tasks[seat].card[1] != DUD_NONE)
        seat++;
    if (before->tasks[seat].card[0] != DUD_NONE)
        slot = 1;
    begin_seat_effect(w, "task_card", seat);
    br_jw_key_int(w, "slot", slot + 1);
    br_jw_key_string(w, "card", dud_task_names[move - DUD_MV_DEAL_TASK]);
    br_jw_end_object(w);
}

/* "choice": pro, secret until the end: its slot and card for the chooser. */
static void write_choice(const dud *before, br_move move, int viewer, br_jw *w)
{
    int actor = dud_actor(before), slot = (int)(move - DUD_MV_CHOOSE);
    begin_seat_effect(w, "choice", actor);
    if (viewer == actor) {
        br_jw_key_int(w, "slot", slot + 1);
        br_jw_key_string(w, "card", dud_task_names[before->tasks[actor].card[slot]]);
    } else {
        br_jw_key_string(w, "card", "?");
    }
    br_jw_end_object(w);
}

/* "choice_due": the seats now choose their task card (rules.c end_turn,
 * game_end). */
static void write_choice_due(const dud *after, br_jw *w)
{
    const char *reason = after->crew_in != ALL_CREWS ? "crew-out"
                         : dud_first_path_ended(after) ? "no-tile"
                                                      : "game-end";
    begin_effect(w, "choice_due");
    br_jw_key_string(w, "reason", reason);
    br_jw_end_object(w);
}

/* ------------------------------------------------------------------ */
/* Turns passed over, the end */

/* Whether `seat` has a tile that fits an open path, verdicts aside. */
static bool has_fitting_tile(const dud *s, int seat)
{
    for (int path = 0; path < DUD_PATHS; path++) {
        if (!(s->crew_in >> path & 1))
            continue;
        for (int shape = 0; shape < DUD_SHAPES; shape++) {
            if (!s->hand[seat][dud_tile_type(dud_path_kind[path], shape)])
                continue;
            for (int dir = 0; dir < DUD_DIRS; dir++) {
                int first, step;
                if (dud_lay_squares(s, path, shape, dir, &first, &step))
                    return true;
            }
        }
    }
    return false;
}

/* Why a seat passed over cannot lay ("Zugzwang"; rules.c advance). */
static const char *cannot_lay_reason(const dud *s, int seat)
{
    if (dud_tiles_in(s->hand[seat]) == 0)
        return "no-tiles";
    return has_fitting_tile(s, seat) ? "voted-down" : "no-fit";
}

/* "skip": each seat advance() passed over on its way from the seat that
 * moved last (seat n-1 when play begins) to the new mover. */
static void write_skips(const dud *before, const dud *after, br_jw *w)
{
    int n = after->num_players;
    int from = before->phase == DUD_PH_DEAL_CARDS ? n - 1 : before->turn;
    for (int k = 1; k < n; k++) {
        int q = (from + k) % n;
        if (q == after->turn)
            return;
        begin_seat_effect(w, "skip", q);
        br_jw_key_string(w, "reason", cannot_lay_reason(after, q));
        br_jw_end_object(w);
    }
}

static void write_end(const dud *after, br_jw *w)
{
    begin_effect(w, "end");
    br_jw_key_string(w, "reason", after->crew_in == 0 ? "crews-out" : "no-lay");
    key_seats(w, "winners", after->winner_mask, after->num_players);
    br_jw_key(w, "seats");
    br_jw_begin_array(w);
    int points[DUD_TASKS];
    dud_card_points(after, points);
    for (int p = 0; p < after->num_players; p++) {
        dud_standing t = dud_standing_of(after, points, p);
        br_jw_begin_object(w);
        br_jw_key_int(w, "seat", p);
        /* the card is shown to all at the end */
        br_jw_key_string(w, "card", dud_task_names[dud_scoring_card(after, p)]);
        br_jw_key_int(w, "points", t.points);
        if (after->pro)
            br_jw_key_int(w, "second_points", t.second);
        br_jw_key_int(w, "cards_left", t.cards_left);
        br_jw_end_object(w);
    }
    br_jw_end_array(w);
    br_jw_end_object(w);
}

/* ------------------------------------------------------------------ */

/* The entry's own move: what it is, for the viewer. */
static void write_move(const dud *before, const dud *after, br_move move, int viewer, br_jw *w)
{
    if (move < DUD_MV_VOTE) {
        if (after->tiles_laid != before->tiles_laid)
            write_laid(before, lay_of_move(move), w);
        else
            write_propose(before, lay_of_move(move), w);
    } else if (move < DUD_MV_JEIN_YES) {
        write_ballot(before, after, move, viewer, w);
    } else if (move < DUD_MV_CHOOSE) {
        write_jein(before, move, w);
    } else if (move < DUD_MV_DEAL_TILE) {
        write_choice(before, move, viewer, w);
    } else if (move < DUD_MV_DEAL_BUILDING) {
        write_deal(before, after, move, viewer, w);
    } else if (move < DUD_MV_DEAL_TASK) {
        write_building_card(before, move, viewer, w);
    } else {
        write_task_card(before, move, w);
    }
}

static void write_crews_out(const dud *before, const dud *after, br_jw *w)
{
    for (int path = 0; path < DUD_PATHS; path++) {
        if (!(before->crew_in >> path & 1) || (after->crew_in >> path & 1))
            continue;
        begin_effect(w, "crew_out");
        br_jw_key_string(w, "path", dud_path_names[path]);
        key_square(w, "square", after->crew[path]);
        br_jw_end_object(w);
    }
}

void dud_write_effects(const void *before_st, const void *after_st, br_move move, int viewer,
                       br_jw *w)
{
    const dud *before = before_st, *after = after_st;
    write_move(before, after, move, viewer, w);
    if (after->votes_held != before->votes_held) {
        /* counted now: the tile under vote, or a proposal nobody could vote on */
        dud_lay lay = before->phase == DUD_PH_LAY ? lay_of_move(move) : dud_lay_of_move(before->pending);
        write_count(before, after, lay, w);
    }
    write_crews_out(before, after, w);
    write_reopened(before, after, w);
    if (after->phase == DUD_PH_CHOOSE && before->phase != DUD_PH_CHOOSE)
        write_choice_due(after, w);
    if (after->phase == DUD_PH_LAY)
        write_skips(before, after, w);
    if (after->phase == DUD_PH_OVER)
        write_end(after, w);
}
