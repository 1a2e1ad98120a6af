/*
 * Drunter & Drüber: setup, turns, legal moves, check, apply, chance, results.
 *
 * Flow of a game: the tiles are dealt (chance, by length), then the building
 * cards (or two task cards each in the pro variant). Then the seats lay tiles
 * in turn; a tile over a toilet is voted on (every seat with vote cards
 * chooses in secret, one after another from the mover, then jein holders
 * declare). A lay voted down may not be proposed again until some tile is
 * laid or (revote=changed, the default) some vote card is played, which
 * bounds the game. Seats that cannot lay are passed over; the
 * game ends when nobody can lay (doc: "End of the game").
 */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "drunter_und_drueber.h"

enum { ALL_CREWS = (1 << DUD_PATHS) - 1, SHAPE_ONE = 4 };

/* ------------------------------------------------------------------ */
/* Setup */

/* The game's own options (DUD_OPT_*, parsed by the core from the option
 * table in game.c), each a choice of two values stored as 0/1 in the state. */
br_status dud_setup(void *st, int num_players, br_option_value *values, br_text *err)
{
    dud *s = st;
    (void)err; /* no check across keys */
    memset(s, 0, sizeof *s);
    s->pro = (uint8_t)values[DUD_OPT_VARIANT];
    s->revote_laid = (uint8_t)values[DUD_OPT_REVOTE];
    s->choice_no_tile = (uint8_t)values[DUD_OPT_CHOICE];
    s->num_players = (uint8_t)num_players;
    s->phase = DUD_PH_DEAL_TILES;
    s->crew_in = ALL_CREWS;
    s->pending = DUD_NONE;
    memcpy(s->pool, dud_tile_count, sizeof s->pool);
    memset(s->building, DUD_NONE, sizeof s->building);
    memset(s->tasks, DUD_NONE, sizeof s->tasks);
    for (int p = 0; p < DUD_PATHS; p++) {
        s->crew[p] = dud_start_square[p];
        s->board[dud_start_square[p]] = (uint8_t)(p + 1);
    }
    for (int p = 0; p < num_players; p++)
        s->votes[p] = DUD_ALL_VOTES;
    return BR_OK;
}

size_t dud_move_space(const void *st)
{
    (void)st;
    return DUD_MOVE_SPACE;
}

size_t dud_max_legal_moves(const void *st)
{
    (void)st;
    return DUD_MAX_LEGAL;
}

/* ------------------------------------------------------------------ */
/* Geometry */

static bool on_board(int x, int y)
{
    return x >= 0 && y >= 0 && x < DUD_SIDE && y < DUD_SIDE;
}

static bool vertical_dir(int dir)
{
    return dir == DUD_N || dir == DUD_S;
}

/* A path that meets a bridge square at right angles passes under it
 * ("Endet ein Weg an einem anderen Teil mit einer Brücke ..."). */
static bool passes_under(uint8_t piece, int dir)
{
    return (piece & DUD_PIECE_BRIDGE)
           && ((piece & DUD_PIECE_VERTICAL) != 0) != vertical_dir(dir);
}

bool dud_lay_squares(const dud *s, int path, int shape, int dir, int *first, int *step)
{
    int dx = dud_dx[dir], dy = dud_dy[dir];
    int x = s->crew[path] % DUD_SIDE + dx, y = s->crew[path] / DUD_SIDE + dy;
    if (!on_board(x, y))
        return false;
    uint8_t piece = s->board[y * DUD_SIDE + x];
    if (piece) {
        if (!passes_under(piece, dir))
            return false;
        x += dx;
        y += dy;
    }
    int len = dud_shape_length[shape];
    int lx = x + (len - 1) * dx, ly = y + (len - 1) * dy;
    if (!on_board(x, y) || !on_board(lx, ly))
        return false;
    *first = y * DUD_SIDE + x;
    *step = dy * DUD_SIDE + dx;
    for (int i = 0, sq = *first; i < len; i++, sq += *step)
        if (s->board[sq])
            return false;
    return true;
}

void dud_place(dud *s, dud_lay lay)
{
    int first = 0, step = 0;
    bool fits = dud_lay_squares(s, lay.path, lay.shape, lay.dir, &first, &step);
    assert(fits && s->tiles_laid < DUD_TILES); /* every caller has checked the lay */
    if (!fits)
        return;
    if (first != s->crew[lay.path] + step)
        s->bridges_passed++; /* the tile starts beyond a bridge */
    uint8_t piece = (uint8_t)((lay.path + 1) | (vertical_dir(lay.dir) ? DUD_PIECE_VERTICAL : 0));
    int len = dud_shape_length[lay.shape], sq = first;
    for (int i = 0; i < len; i++, sq += step)
        s->board[sq] = (uint8_t)(piece | (i == dud_shape_bridge[lay.shape] ? DUD_PIECE_BRIDGE : 0));
    s->crew[lay.path] = (uint8_t)(sq - step);
    s->laid[s->tiles_laid++] = (uint8_t)dud_move_of_lay(lay);
}

bool dud_crew_can_move(const dud *s, int path)
{
    int first, step;
    for (int d = 0; d < DUD_DIRS; d++)
        if (dud_lay_squares(s, path, SHAPE_ONE, d, &first, &step))
            return true;
    return false;
}

void dud_update_crews(dud *s)
{
    for (int p = 0; p < DUD_PATHS; p++)
        if ((s->crew_in >> p & 1) && !dud_crew_can_move(s, p))
            s->crew_in &= (uint8_t)~(1u << p);
}

int dud_toilets_covered(const dud *s, int path, int shape, int dir)
{
    int first, step, n = 0;
    if (!dud_lay_squares(s, path, shape, dir, &first, &step))
        return 0;
    for (int i = 0, sq = first; i < dud_shape_length[shape]; i++, sq += step)
        n += dud_board_info[sq].kind == DUD_SQ_TOILET;
    return n;
}

/* ------------------------------------------------------------------ */
/* Scoring */

void dud_card_points(const dud *s, int points[DUD_TASKS])
{
    int covered = 0, toilets = 0, small = 0, len[DUD_PATHS] = {0}, longest = 0;
    memset(points, 0, DUD_TASKS * sizeof *points);
    for (int sq = 0; sq < DUD_SQUARES; sq++) {
        const dud_square_info *in = &dud_board_info[sq];
        bool open = s->board[sq] == 0, building = in->kind == DUD_SQ_BUILDING;
        points[in->type] += open && building ? in->value : 0;
        small += open && building && in->value <= 2 ? in->value : 0;
        covered += !open && building;
        toilets += !open && in->kind == DUD_SQ_TOILET;
    }
    for (int i = 0; i < s->tiles_laid; i++) {
        dud_lay l = dud_lay_of_move(s->laid[i]);
        len[l.path] += dud_shape_length[l.shape];
        longest = len[l.path] > longest ? len[l.path] : longest;
    }
    points[DUD_TASK_TOILETS] = 2 * toilets;    /* two per toilet built over */
    points[DUD_TASK_DEMOLITION] = covered / 3; /* one per three buildings built over */
    points[DUD_TASK_SMALL_HOUSES] = small;     /* the values 1 and 2 still standing */
    points[DUD_TASK_LONG_PATH] = longest / 4;  /* a quarter of the longest path's squares */
}

int dud_scoring_card(const dud *s, int seat)
{
    if (!s->pro)
        return s->building[seat] == DUD_NONE ? -1 : s->building[seat];
    if (s->tasks[seat].choice == DUD_NONE)
        return -1;
    return s->tasks[seat].card[s->tasks[seat].choice];
}

dud_standing dud_standing_of(const dud *s, const int *points, int seat)
{
    int card = dud_scoring_card(s, seat); /* every card is dealt and chosen at the end */
    return (dud_standing){card >= 0 ? points[card] : 0,
                          s->pro ? points[s->tasks[seat].card[1 - s->tasks[seat].choice]] : 0,
                          br_popcount64(s->votes[seat])};
}

/* The winners: the best points, then (pro) the other card's points, then the
 * most vote cards left (each key below 64, 64 and 16). */
void dud_decide_winners(dud *s)
{
    int points[DUD_TASKS], key[DUD_MAX_SEATS], best = 0;
    dud_card_points(s, points);
    for (int p = 0; p < s->num_players; p++) {
        dud_standing t = dud_standing_of(s, points, p);
        key[p] = (t.points * 64 + t.second) * 16 + t.cards_left;
        best = key[p] > best ? key[p] : best;
    }
    s->winner_mask = 0;
    for (int p = 0; p < s->num_players; p++)
        s->winner_mask |= (uint8_t)((key[p] == best) << p);
}

void dud_winners(const void *st, uint8_t *is_winner)
{
    const dud *s = st;
    for (int p = 0; p < s->num_players; p++)
        is_winner[p] = s->winner_mask >> p & 1;
}

void dud_scores(const void *st, double *out)
{
    const dud *s = st;
    int points[DUD_TASKS];
    dud_card_points(s, points);
    for (int p = 0; p < s->num_players; p++) {
        int card = dud_scoring_card(s, p);
        const uint8_t *tasks = s->tasks[p].card;
        if (card >= 0)
            out[p] = points[card];
        else if (s->pro && tasks[1] != DUD_NONE) /* before the choice: the better card */
            out[p] = points[tasks[0]] > points[tasks[1]] ? points[tasks[0]] : points[tasks[1]];
        else
            out[p] = 0;
    }
}

/* ------------------------------------------------------------------ */
/* Whose move */

bool dud_choices_complete(const dud *s)
{
    for (int p = 0; p < s->num_players; p++)
        if (s->tasks[p].choice == DUD_NONE)
            return false;
    return true;
}

int dud_actor(const dud *s)
{
    for (int k = 0; k < s->num_players; k++) {
        int q = (s->turn + k) % s->num_players;
        unsigned bit = 1u << q;
        if (s->phase == DUD_PH_VOTE && s->votes[q] && !(s->voted & bit))
            return q;
        if (s->phase == DUD_PH_JEIN && (s->ballot[q] & DUD_JEIN_BIT) && !(s->jein_done & bit))
            return q;
        if (s->phase == DUD_PH_CHOOSE && s->tasks[q].choice == DUD_NONE)
            return q;
    }
    return -1;
}

int dud_current_player(const void *st)
{
    const dud *s = st;
    switch (s->phase) {
    case DUD_PH_DEAL_TILES:
    case DUD_PH_DEAL_CARDS:
        return BR_PLAYER_CHANCE;
    case DUD_PH_LAY:
        return s->turn;
    case DUD_PH_OVER:
        return BR_PLAYER_TERMINAL;
    default:
        return dud_actor(s);
    }
}

/* ------------------------------------------------------------------ */
/* Legal moves */

/* Lays of `seat` into out (may be NULL: only counted); stops at `limit`. */
static size_t list_lays(const dud *s, int seat, br_move *out, size_t limit)
{
    size_t n = 0;
    for (int path = 0; path < DUD_PATHS; path++) {
        if (!(s->crew_in >> path & 1))
            continue;
        const uint8_t *have = &s->hand[seat][dud_tile_type(dud_path_kind[path], 0)];
        for (int shape = 0; shape < DUD_SHAPES; shape++) {
            if (!have[shape])
                continue;
            for (int dir = 0; dir < DUD_DIRS; dir++) {
                int first, step;
                if (!dud_lay_squares(s, path, shape, dir, &first, &step)
                    || dud_rejected(s, dud_move_of_lay((dud_lay){(uint8_t)path, (uint8_t)shape, (uint8_t)dir})))
                    continue;
                if (out)
                    out[n] = dud_move_of_lay((dud_lay){(uint8_t)path, (uint8_t)shape, (uint8_t)dir});
                if (++n == limit)
                    return n;
            }
        }
    }
    return n;
}

static bool can_lay(const dud *s, int seat)
{
    return list_lays(s, seat, NULL, 1) > 0;
}

/* Where the deal stands: the seat and length class of the next tile. */
void dud_deal_position(const dud *s, int *seat, int *cls)
{
    int step = 0;
    for (int t = 0; t < DUD_TILE_TYPES; t++)
        step += dud_tile_count[t] - s->pool[t];
    for (int c = 0; c < DUD_LENGTHS; c++) {
        int per_seat = dud_deal_count[s->num_players][c];
        if (step < per_seat * s->num_players) {
            *seat = step / per_seat;
            *cls = c;
            return;
        }
        step -= per_seat * s->num_players;
    }
    *seat = *cls = -1;
}

static int cards_dealt(const dud *s)
{
    int n = 0;
    for (int p = 0; p < s->num_players; p++)
        n += s->pro ? (s->tasks[p].card[0] != DUD_NONE) + (s->tasks[p].card[1] != DUD_NONE)
                    : s->building[p] != DUD_NONE;
    return n;
}

static bool card_dealt(const dud *s, int card)
{
    for (int p = 0; p < s->num_players; p++)
        if (s->pro ? s->tasks[p].card[0] == card || s->tasks[p].card[1] == card
                   : s->building[p] == card)
            return true;
    return false;
}

size_t dud_chance_outcomes(const void *st, br_move *out, uint32_t *weights)
{
    const dud *s = st;
    size_t n = 0;
    if (s->phase == DUD_PH_DEAL_TILES) {
        int seat, cls;
        dud_deal_position(s, &seat, &cls);
        for (int t = 0; t < DUD_TILE_TYPES; t++) {
            if (s->pool[t] && dud_shape_class(dud_tile_shape(t)) == cls) {
                out[n] = DUD_MV_DEAL_TILE + t;
                weights[n++] = s->pool[t];
            }
        }
    } else if (s->phase == DUD_PH_DEAL_CARDS) {
        br_move base = s->pro ? DUD_MV_DEAL_TASK : DUD_MV_DEAL_BUILDING;
        int cards = s->pro ? DUD_TASKS : DUD_BUILDING_TYPES;
        for (int c = 0; c < cards; c++) {
            if (!card_dealt(s, c)) {
                out[n] = base + c;
                weights[n++] = 1;
            }
        }
    }
    return n;
}

size_t dud_legal_moves(const void *st, br_move *out)
{
    const dud *s = st;
    int actor = dud_actor(s);
    switch (s->phase) {
    case DUD_PH_DEAL_TILES:
    case DUD_PH_DEAL_CARDS: {
        uint32_t weights[DUD_MAX_LEGAL];
        return dud_chance_outcomes(s, out, weights);
    }
    case DUD_PH_LAY:
        return list_lays(s, s->turn, out, DUD_MAX_LEGAL);
    case DUD_PH_VOTE: {
        size_t n = 0;
        unsigned held = s->votes[actor];
        for (unsigned m = 0; m <= DUD_ALL_VOTES; m++)
            if ((m & ~held) == 0)
                out[n++] = DUD_MV_VOTE + m;
        return n;
    }
    case DUD_PH_JEIN:
        out[0] = DUD_MV_JEIN_YES;
        out[1] = DUD_MV_JEIN_NO;
        return 2;
    case DUD_PH_CHOOSE:
        out[0] = DUD_MV_CHOOSE;
        out[1] = DUD_MV_CHOOSE + 1;
        return 2;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------------ */
/* Checking a move */


/* What each phase waits for, by phase. */
static const char *const phase_tasks[DUD_PHASES] = {
    "a tile is being dealt",         "a card is being dealt",       "a tile is to be laid",
    "a vote is being held",          "jein votes are being declared", "task cards are being chosen",
    "the game is over",
};

static bool check_lay(const dud *s, br_move move, br_text *r)
{
    dud_lay l = dud_lay_of_move(move);
    int path = l.path, shape = l.shape, dir = l.dir;
    int type = dud_tile_type(dud_path_kind[path], shape), first, step;
    if (!(s->crew_in >> path & 1))
        return br_fail(r, "the crew of the %s path has left the game", dud_path_names[path]);
    if (!s->hand[s->turn][type])
        return br_fail(r, "seat %d has no %s%s tile", s->turn, dud_kind_names[dud_path_kind[path]],
                      dud_shape_names[shape]);
    if (!dud_lay_squares(s, path, shape, dir, &first, &step))
        return br_fail(r, "a %s-tile does not fit %s of the %s path's end (off the board, over a "
                      "piece, or no bridge to pass under)", dud_shape_names[shape],
                      (const char *[]){"north", "east", "south", "west"}[dir],
                      dud_path_names[path]);
    if (dud_rejected(s, move))
        return br_fail(r, "that tile was voted down there, and no tile has been laid since");
    return true;
}

static bool check_vote(const dud *s, br_move move, br_text *r)
{
    int actor = dud_actor(s);
    unsigned cards = (unsigned)(move - DUD_MV_VOTE);
    if (cards & ~(unsigned)s->votes[actor])
        return br_fail(r, "seat %d does not hold every card of that vote", actor);
    return true;
}

static bool check_chance(const dud *s, br_move move, br_text *r)
{
    br_move outcomes[DUD_MAX_LEGAL];
    uint32_t weights[DUD_MAX_LEGAL];
    size_t n = dud_chance_outcomes(s, outcomes, weights);
    for (size_t i = 0; i < n; i++)
        if (outcomes[i] == move)
            return true;
    if (s->phase == DUD_PH_DEAL_TILES)
        return br_fail(r, "no such tile of that length is left to deal");
    return br_fail(r, "that card is not left to deal");
}

/* Which phase each range of the move space belongs to. */
static int phase_of_move(const dud *s, br_move move)
{
    if (move < DUD_MV_VOTE)
        return DUD_PH_LAY;
    if (move < DUD_MV_JEIN_YES)
        return DUD_PH_VOTE;
    if (move < DUD_MV_CHOOSE)
        return DUD_PH_JEIN;
    if (move < DUD_MV_DEAL_TILE)
        return DUD_PH_CHOOSE;
    if (move < DUD_MV_DEAL_BUILDING)
        return DUD_PH_DEAL_TILES;
    if (move < DUD_MV_DEAL_TASK)
        return s->pro ? -1 : DUD_PH_DEAL_CARDS;
    return s->pro ? DUD_PH_DEAL_CARDS : -1;
}

bool dud_check_move(const void *st, br_move move, br_text *reason)
{
    const dud *s = st;
    if (move < 0 || move >= DUD_MOVE_SPACE)
        return br_fail(reason, "move %d is outside 0..%d", (int)move, DUD_MOVE_SPACE - 1);
    if (s->phase == DUD_PH_OVER)
        return br_fail(reason, "the game is over");
    int want = phase_of_move(s, move);
    if (want < 0)
        return br_fail(reason, "%s cards are not dealt in the %s variant",
                      s->pro ? "building" : "task", s->pro ? "pro" : "basic");
    if (want != s->phase)
        return br_fail(reason, "that move is not possible now: %s", phase_tasks[s->phase]);
    switch (s->phase) {
    case DUD_PH_LAY: return check_lay(s, move, reason);
    case DUD_PH_VOTE: return check_vote(s, move, reason);
    case DUD_PH_DEAL_TILES:
    case DUD_PH_DEAL_CARDS: return check_chance(s, move, reason);
    default: return true; /* jein yes/no and choose 1/2 are always open */
    }
}

/* ------------------------------------------------------------------ */
/* Applying a move */

static void advance(dud *s);

static void game_end(dud *s)
{
    if (s->pro && !dud_choices_complete(s)) {
        s->phase = DUD_PH_CHOOSE; /* the choice is due at the latest now */
        return;
    }
    dud_decide_winners(s);
    s->phase = DUD_PH_OVER;
}

/* The next seat that can lay, in turn order ("Zugzwang": seats that cannot
 * lay are passed over); nobody: the game is over. */
static void advance(dud *s)
{
    for (int k = 1; k <= s->num_players; k++) {
        int q = (s->turn + k) % s->num_players;
        if (can_lay(s, q)) {
            s->turn = (uint8_t)q;
            s->phase = DUD_PH_LAY;
            return;
        }
    }
    game_end(s);
}

/* Whether some tile in some hand fits the path's end (geometry and hands
 * only: a lay voted down still fits, it may be proposed again later). */
static bool tile_fits_path(const dud *s, int path)
{
    if (!(s->crew_in >> path & 1))
        return false;
    for (int shape = 0; shape < DUD_SHAPES; shape++) {
        int type = dud_tile_type(dud_path_kind[path], shape), held = 0;
        for (int p = 0; p < s->num_players; p++)
            held += s->hand[p][type];
        for (int dir = 0; held && dir < DUD_DIRS; dir++) {
            int first, step;
            if (dud_lay_squares(s, path, shape, dir, &first, &step))
                return true;
        }
    }
    return false;
}

/* "Sobald die erste Strecke nicht mehr weitergebaut werden kann": the first
 * crew has left the board (choice=crew-out), or also (choice=no-tile) no
 * tile in any hand fits some path. Both only grow: pieces are only added
 * (a bridge next to an end moves the squares needed one further on, it
 * frees none) and tiles only leave the hands. */
bool dud_first_path_ended(const dud *s)
{
    if (s->crew_in != ALL_CREWS)
        return true;
    for (int path = 0; s->choice_no_tile && path < DUD_PATHS; path++)
        if (!tile_fits_path(s, path))
            return true;
    return false;
}

static void end_turn(dud *s)
{
    if (s->pro && !dud_choices_complete(s) && dud_first_path_ended(s)) {
        s->phase = DUD_PH_CHOOSE;
        return;
    }
    advance(s);
}

static void lay_tile(dud *s, dud_lay lay)
{
    s->hand[s->turn][dud_tile_type(dud_path_kind[lay.path], lay.shape)]--;
    dud_place(s, lay);
    dud_update_crews(s);
    memset(s->rejected, 0, sizeof s->rejected); /* the board has changed */
}

static void tally(dud *s)
{
    dud_vote_result *v = &s->last_vote;
    memset(v, 0, sizeof *v);
    v->held = 1;
    int yes = 0, no = 0;
    for (int p = 0; p < s->num_players; p++) {
        unsigned b = s->ballot[p];
        for (int c = DUD_YES1; c <= DUD_YES3; c++)
            yes += (b >> c & 1) * dud_vote_value[c];
        for (int c = DUD_NO1; c <= DUD_NO3; c++)
            no += (b >> c & 1) * dud_vote_value[c];
        if (b & DUD_JEIN_BIT) {
            if (s->jein_yes >> p & 1)
                yes += dud_vote_value[DUD_JEIN];
            else
                no += dud_vote_value[DUD_JEIN];
        }
        v->ballots[p] = (uint8_t)b;
        s->votes[p] &= (uint8_t)~b; /* "kommen auf den Ablagestapel" */
    }
    v->yes = (uint8_t)yes;
    v->no = (uint8_t)no;
    v->jein_yes = s->jein_yes;
    v->passed = yes > no;
    s->votes_held++;
    s->votes_passed += v->passed;
    bool cards_played = false;
    for (int p = 0; p < s->num_players; p++)
        cards_played |= s->ballot[p] != 0;
    if (cards_played && !s->revote_laid) /* revote=changed: the cards held have changed */
        memset(s->rejected, 0, sizeof s->rejected);
    dud_lay lay = dud_lay_of_move(s->pending);
    memset(s->ballot, 0, sizeof s->ballot);
    s->voted = s->jein_done = s->jein_yes = 0;
    s->pending = DUD_NONE;
    if (v->passed) {
        lay_tile(s, lay);
    } else {
        br_move m = dud_move_of_lay(lay);
        s->rejected[m / 8] |= (uint8_t)(1u << (m % 8));
    }
    end_turn(s);
}

static void start_vote(dud *s, dud_lay lay)
{
    s->pending = (uint8_t)dud_move_of_lay(lay);
    s->voted = 0;
    s->phase = DUD_PH_VOTE;
    if (dud_actor(s) < 0)
        tally(s); /* nobody holds a vote card: no yes vote, the tile goes back */
}

static void after_ballot(dud *s)
{
    if (dud_actor(s) >= 0)
        return;
    s->phase = DUD_PH_JEIN; /* the reveal; jein holders declare */
    if (dud_actor(s) < 0)
        tally(s);
}

static void start_play(dud *s)
{
    s->turn = (uint8_t)(s->num_players - 1); /* so that seat 0 begins */
    advance(s);
}

static void apply_deal_tile(dud *s, int type)
{
    int seat, cls;
    dud_deal_position(s, &seat, &cls);
    assert(seat >= 0 && s->pool[type] > 0); /* check_chance() accepted the tile */
    s->pool[type]--;
    s->hand[seat][type]++;
    for (int t = 0; t < DUD_TILE_TYPES; t++)
        if (s->pool[t])
            return;
    s->phase = DUD_PH_DEAL_CARDS;
}

static void apply_deal_card(dud *s, int card)
{
    int step = cards_dealt(s), all = s->num_players * (s->pro ? 2 : 1);
    assert(step < all && !card_dealt(s, card));
    *(s->pro ? &s->tasks[step / 2].card[step % 2] : &s->building[step]) = (uint8_t)card;
    if (step + 1 == all)
        start_play(s);
}

void dud_apply_move(void *st, br_move move)
{
    dud *s = st;
    int actor = dud_actor(s);
    /* check_move() accepted the move: a vote, jein or choice has an actor */
    assert(actor >= 0 || move < DUD_MV_VOTE || move >= DUD_MV_DEAL_TILE);
    if (move < DUD_MV_VOTE) {
        dud_lay lay = dud_lay_of_move(move);
        if (dud_toilets_covered(s, lay.path, lay.shape, lay.dir) > 0) {
            start_vote(s, lay);
        } else {
            lay_tile(s, lay);
            end_turn(s);
        }
    } else if (move < DUD_MV_JEIN_YES) {
        s->ballot[actor] = (uint8_t)(move - DUD_MV_VOTE);
        s->voted |= (uint8_t)(1u << actor);
        after_ballot(s);
    } else if (move < DUD_MV_CHOOSE) {
        s->jein_done |= (uint8_t)(1u << actor);
        if (move == DUD_MV_JEIN_YES)
            s->jein_yes |= (uint8_t)(1u << actor);
        if (dud_actor(s) < 0)
            tally(s);
    } else if (move < DUD_MV_DEAL_TILE) {
        s->tasks[actor].choice = (uint8_t)(move - DUD_MV_CHOOSE);
        if (dud_choices_complete(s))
            advance(s);
    } else if (move < DUD_MV_DEAL_BUILDING) {
        apply_deal_tile(s, (int)(move - DUD_MV_DEAL_TILE));
    } else if (move < DUD_MV_DEAL_TASK) {
        apply_deal_card(s, (int)(move - DUD_MV_DEAL_BUILDING));
    } else {
        apply_deal_card(s, (int)(move - DUD_MV_DEAL_TASK));
    }
}
