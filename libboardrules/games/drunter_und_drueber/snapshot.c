/*
 * Drunter & Drüber: the state as JSON (snapshot and, with hidden parts
 * masked, observation) written straight into the caller's buffer, the same
 * state as compact bytes, and the two loaders, which read their own format
 * into the struct and then share one check of every invariant.
 *
 * The board is not stored: "laid" lists the tiles in the order they were
 * laid, and the loaders lay them again, which checks that each one fitted
 * and that its crew was still on the board, and rebuilds the crews.
 *
 * The bytes are in bytes.c; what both loaders share is declared in
 * snapshot.h. Over 1,000 lines because writing JSON, the shared checks and
 * reading JSON belong together; those are the sections.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "snapshot.h"

dud_lay dud_snap_lay_of_move(br_move m)
{
    return (dud_lay){(uint8_t)(m / (DUD_SHAPES * DUD_DIRS)), (uint8_t)(m / DUD_DIRS % DUD_SHAPES),
                     (uint8_t)(m % DUD_DIRS)};
}

unsigned dud_snap_move_of_lay(dud_lay l)
{
    return (unsigned)DUD_MV_LAY + ((unsigned)l.path * DUD_SHAPES + l.shape) * DUD_DIRS + l.dir;
}

static int pool_size(const dud *s)
{
    int n = 0;
    for (int t = 0; t < DUD_TILE_TYPES; t++)
        n += s->pool[t];
    return n;
}

bool dud_snap_voting(const dud *s)
{
    return s->phase == DUD_PH_VOTE || s->phase == DUD_PH_JEIN;
}

/* ------------------------------------------------------------------ */
/* Writing JSON. Names are short ("wall2 3b w", "fire-station"): they are
 * put together with memcpy, not printf. An array of names or small numbers
 * is gathered here, brackets, commas and quotes included, and goes to the
 * writer as one value (br_jw_raw()): br_jw_string_n() scans its text a
 * character at a time and br_jw_int() formats with snprintf. */

/* The longest array: "rejected" with every lay move, each at most
 * "wall1 3b e" (10 characters) in quotes and a comma; the others (60 tiles
 * of at most 7 characters, 4 crews of at most 42, 12 board rows) are
 * shorter. */
enum { LAY_TEXT_MAX = 10, ITEMS_MAX = 2 + DUD_MV_VOTE * (LAY_TEXT_MAX + 3) };

typedef struct items {
    size_t len;
    char buf[ITEMS_MAX];
} items;

static void items_begin(items *it)
{
    it->buf[0] = '[';
    it->len = 1;
}

static void items_end(items *it, br_jw *w)
{
    it->buf[it->len++] = ']';
    br_jw_raw(w, it->buf, it->len);
}

/* One item: `text` (none of its characters needs escaping) in quotes, or as
 * it is. */
static void item(items *it, const char *text, size_t n, bool quoted)
{
    assert(it->len + n + 4 <= sizeof it->buf); /* ITEMS_MAX is the longest array */
    char *p = it->buf + it->len;
    if (it->len > 1)
        *p++ = ',';
    if (quoted)
        *p++ = '"';
    memcpy(p, text, n);
    p += n;
    if (quoted)
        *p++ = '"';
    it->len = (size_t)(p - it->buf);
}

/* A number 0..99. */
static void item_int(items *it, int v)
{
    char d[2] = {(char)('0' + v / 10), (char)('0' + v % 10)};
    item(it, v >= 10 ? d : d + 1, v >= 10 ? 2 : 1, false);
}

static size_t append(char *buf, size_t at, const char *s)
{
    size_t n = strlen(s);
    memcpy(buf + at, s, n);
    return at + n;
}

static size_t lay_text(char *buf, dud_lay lay)
{
    size_t n = append(buf, 0, dud_path_names[lay.path]);
    buf[n++] = ' ';
    n = append(buf, n, dud_shape_names[lay.shape]);
    buf[n++] = ' ';
    return append(buf, n, dud_dir_names[lay.dir]);
}

static void write_lay(br_jw *w, dud_lay lay)
{
    char buf[24];
    br_jw_string_n(w, buf, lay_text(buf, lay));
}

static void item_lay(items *it, dud_lay lay)
{
    char buf[24];
    item(it, buf, lay_text(buf, lay), true);
}

static void write_tiles(br_jw *w, const uint8_t *counts)
{
    items it;
    items_begin(&it);
    for (int t = 0; t < DUD_TILE_TYPES; t++) {
        if (!counts[t])
            continue;
        char name[16];
        size_t n = append(name, 0, dud_kind_names[dud_tile_kind(t)]);
        n = append(name, n, dud_shape_names[dud_tile_shape(t)]);
        for (int i = 0; i < counts[t]; i++)
            item(&it, name, n, true);
    }
    items_end(&it, w);
}

static void write_votes(br_jw *w, unsigned cards)
{
    items it;
    items_begin(&it);
    for (int c = 0; c < DUD_VOTE_CARDS; c++)
        if (cards >> c & 1)
            item(&it, dud_vote_names[c], strlen(dud_vote_names[c]), true);
    items_end(&it, w);
}

static void write_seat_list(br_jw *w, unsigned mask, int n)
{
    items it;
    items_begin(&it);
    for (int p = 0; p < n; p++)
        if (mask >> p & 1)
            item_int(&it, p);
    items_end(&it, w);
}

static bool sees(int viewer, int owner)
{
    return viewer == BR_VIEW_FULL || viewer == owner;
}

static void write_laid(br_jw *w, const dud *s)
{
    br_jw_key(w, "laid");
    items it;
    items_begin(&it);
    for (int i = 0; i < s->tiles_laid; i++)
        item_lay(&it, s->laid[i]);
    items_end(&it, w);
}

/* Each crew an object of fixed keys, put together here as one item. */
static void write_crews(br_jw *w, const dud *s)
{
    br_jw_key(w, "crews");
    items it;
    items_begin(&it);
    for (int p = 0; p < DUD_PATHS; p++) {
        char buf[48];
        size_t n = append(buf, 0, "{\"path\":\"");
        n = append(buf, n, dud_path_names[p]);
        n = append(buf, n, "\",\"square\":\"");
        int sq = s->crew[p], row = DUD_SIDE - sq / DUD_SIDE;
        buf[n++] = (char)('a' + sq % DUD_SIDE);
        if (row >= 10)
            buf[n++] = (char)('0' + row / 10);
        buf[n++] = (char)('0' + row % 10);
        n = append(buf, n, s->crew_in >> p & 1 ? "\",\"in\":true}" : "\",\"in\":false}");
        item(&it, buf, n, false);
    }
    items_end(&it, w);
}

/* Hands (face down during the deal: their sizes only) and the pool. */
static void write_tile_holders(br_jw *w, const dud *s, int viewer)
{
    bool face_down = s->phase == DUD_PH_DEAL_TILES;
    br_jw_key(w, "hands");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++) {
        if (!face_down || sees(viewer, p))
            write_tiles(w, s->hand[p]);
        else
            br_jw_int(w, dud_hand_size(s, p));
    }
    br_jw_end_array(w);
    br_jw_key(w, "pool");
    if (viewer == BR_VIEW_FULL)
        write_tiles(w, s->pool);
    else
        br_jw_int(w, pool_size(s));
}

static void write_card(br_jw *w, int card)
{
    if (card == DUD_NONE)
        br_jw_null(w);
    else
        br_jw_string(w, dud_task_names[card]);
}

/* Pro: the open task cards and the secret choices; basic: the secret
 * building cards, shown at the end. */
static void write_cards(br_jw *w, const dud *s, int viewer)
{
    bool over = s->phase == DUD_PH_OVER;
    br_jw_key(w, s->pro ? "tasks" : "buildings");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++) {
        if (s->pro) {
            br_jw_begin_array(w);
            write_card(w, s->task[p][0]);
            write_card(w, s->task[p][1]);
            br_jw_end_array(w);
        } else if (s->building[p] == DUD_NONE || over || sees(viewer, p)) {
            write_card(w, s->building[p]);
        } else {
            br_jw_string(w, "hidden");
        }
    }
    br_jw_end_array(w);
    if (!s->pro)
        return;
    br_jw_key(w, "choices");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++) {
        if (s->choice[p] == DUD_NONE)
            br_jw_null(w);
        else if (over || sees(viewer, p))
            br_jw_int(w, s->choice[p] + 1);
        else
            br_jw_string(w, "hidden");
    }
    br_jw_end_array(w);
}

/* Vote cards held, the running vote's ballots (secret until the reveal),
 * the jein declarations and the tile under vote. */
static void write_running_vote(br_jw *w, const dud *s, int viewer)
{
    br_jw_key(w, "votes");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++)
        write_votes(w, s->votes[p]);
    br_jw_end_array(w);
    bool revealed = s->phase == DUD_PH_JEIN;
    br_jw_key(w, "ballots");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++) {
        if (!(s->voted >> p & 1))
            br_jw_null(w);
        else if (revealed || sees(viewer, p))
            write_votes(w, s->ballot[p]);
        else
            br_jw_string(w, "hidden");
    }
    br_jw_end_array(w);
    br_jw_key(w, "jein");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++) {
        if (!(s->jein_done >> p & 1))
            br_jw_null(w);
        else
            br_jw_string(w, s->jein_yes >> p & 1 ? "yes" : "no");
    }
    br_jw_end_array(w);
    br_jw_key(w, "pending");
    if (dud_snap_voting(s))
        write_lay(w, s->pending);
    else
        br_jw_null(w);
}

static void write_last_vote(br_jw *w, const dud *s)
{
    const dud_vote_result *v = &s->last_vote;
    br_jw_key(w, "last_vote");
    if (!v->held) {
        br_jw_null(w);
        return;
    }
    br_jw_begin_object(w);
    br_jw_key_int(w, "yes", v->yes);
    br_jw_key_int(w, "no", v->no);
    br_jw_key_bool(w, "passed", v->passed);
    br_jw_key(w, "ballots");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++)
        write_votes(w, v->ballots[p]);
    br_jw_end_array(w);
    br_jw_key(w, "jein_yes");
    write_seat_list(w, v->jein_yes, s->num_players);
    br_jw_end_object(w);
}

static void write_rejected(br_jw *w, const dud *s)
{
    br_jw_key(w, "rejected");
    items it;
    items_begin(&it);
    for (br_move m = 0; m < DUD_MV_VOTE; m++)
        if (dud_rejected(s, m))
            item_lay(&it, dud_snap_lay_of_move(m));
    items_end(&it, w);
}

/* The object put together here as one value (numbers 0..DUD_MAX_VOTES). */
static void write_tallies(br_jw *w, const dud *s)
{
    char buf[64];
    br_jw_key(w, "tallies");
    int n = snprintf(buf, sizeof buf, "{\"votes\":%u,\"passed\":%u,\"bridges\":%u}",
                     s->votes_held, s->votes_passed, s->bridges_passed);
    br_jw_raw(w, buf, (size_t)n);
}

/* The result at the end (null before): also what the JSON loader compares
 * the snapshot's result with. */
static void write_result_value(br_jw *w, const dud *s)
{
    if (s->phase != DUD_PH_OVER) {
        br_jw_null(w);
        return;
    }
    br_jw_begin_object(w);
    br_jw_key(w, "points");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++)
        br_jw_int(w, dud_card_points(s, dud_scoring_card(s, p)));
    br_jw_end_array(w);
    if (s->pro) {
        br_jw_key(w, "second_points");
        br_jw_begin_array(w);
        for (int p = 0; p < s->num_players; p++)
            br_jw_int(w, dud_card_points(s, s->task[p][1 - s->choice[p]]));
        br_jw_end_array(w);
    }
    br_jw_key(w, "cards_left");
    br_jw_begin_array(w);
    for (int p = 0; p < s->num_players; p++)
        br_jw_int(w, dud_popcount(s->votes[p]));
    br_jw_end_array(w);
    br_jw_key(w, "winners");
    write_seat_list(w, s->winner_mask, s->num_players);
    br_jw_end_object(w);
}

/* The board as rows of text for observers: '.' free, the path's digit for a
 * piece, and its letter (A..D) for a bridge square. */
static void write_board_rows(br_jw *w, const dud *s)
{
    br_jw_key(w, "board");
    items it;
    items_begin(&it);
    for (int y = 0; y < DUD_SIDE; y++) {
        char row[DUD_SIDE];
        for (int x = 0; x < DUD_SIDE; x++) {
            uint8_t piece = s->board[y * DUD_SIDE + x];
            int path = (piece & DUD_PIECE_PATH) - 1;
            row[x] = (char)(!piece ? '.' : piece & DUD_PIECE_BRIDGE ? 'A' + path : '0' + path);
        }
        item(&it, row, DUD_SIDE, true);
    }
    items_end(&it, w);
}

/* The snapshot (viewer BR_VIEW_FULL) or what seat `viewer` (-1: a spectator)
 * may see, members in the order of the format. */
void dud_write_view(const void *st, int viewer, br_jw *w)
{
    const dud *s = st;
    br_jw_begin_object(w);
    br_jw_key_string(w, "phase", dud_phase_names[s->phase]);
    br_jw_key(w, "turn");
    br_jw_raw(w, (const char[]){(char)('0' + s->turn)}, 1); /* seats 0..3 */
    write_laid(w, s);
    write_crews(w, s);
    write_tile_holders(w, s, viewer);
    write_cards(w, s, viewer);
    write_running_vote(w, s, viewer);
    write_last_vote(w, s);
    write_rejected(w, s);
    write_tallies(w, s);
    br_jw_key(w, "result");
    write_result_value(w, s);
    if (viewer != BR_VIEW_FULL) {
        write_board_rows(w, s);
        br_jw_key_int(w, "seat", viewer);
    }
    br_jw_end_object(w);
}

/* ------------------------------------------------------------------ */
/* The checks both loaders share. A loader fills the struct's own fields
 * (every one in its range) and the claims (snapshot.h); dud_check_loaded() lays the
 * tiles again and checks every invariant, naming the field as the JSON
 * snapshot does ("state.<member>"). */

/* Whether the crew of `path` can take a step (a one-square tile fits). */
static bool crew_can_move(const dud *s, int path)
{
    int first, step;
    for (int d = 0; d < DUD_DIRS; d++)
        if (dud_lay_squares(s, path, DUD_SHAPES - 1, d, &first, &step))
            return true;
    return false;
}

/* The crews are looked at once, after the last tile, not after each one as
 * in play: that gives the same, because a lay that fits has a first square
 * that a one-square tile would fit, so its crew was still in; and a crew
 * that cannot move stays so (pieces are never taken away). */
static bool replay_laid(dud *s, const dud_claims *c, br_text *err)
{
    for (int i = 0; i < c->laid_count; i++) {
        dud_lay lay = c->laid[i];
        int first, step;
        if (!dud_lay_squares(s, lay.path, lay.shape, lay.dir, &first, &step)) {
            if (!crew_can_move(s, lay.path))
                return br_fail(err, "state.laid[%d]: the crew of the %s path had left the game",
                               i, dud_path_names[lay.path]);
            return br_fail(err, "state.laid[%d]: the tile does not fit there", i);
        }
        dud_place(s, lay);
    }
    dud_update_crews(s);
    return true;
}

/* The tallies: votes held and passed (not checkable beyond their order), and
 * the bridges passed, which the replay of the laid tiles has counted. */
static bool check_tallies(const dud *s, const dud_claims *c, br_text *err)
{
    if (s->votes_passed > s->votes_held)
        return br_fail(err, "state.tallies.passed: %d, more than the %d votes held",
                       s->votes_passed, s->votes_held);
    if (c->bridges != s->bridges_passed)
        return br_fail(err, "state.tallies.bridges: %d, but the laid tiles pass %d bridges",
                       c->bridges, s->bridges_passed);
    if (s->last_vote.held && s->votes_held == 0)
        return br_fail(err, "state.tallies.votes: 0, but there was a last vote");
    return true;
}

static bool check_last_vote(const dud *s, br_text *err)
{
    const dud_vote_result *r = &s->last_vote;
    for (int p = 0; p < s->num_players; p++) {
        if (s->voted >> p & 1 && s->ballot[p] & ~s->votes[p])
            return br_fail(err, "state.ballots[%d]: plays a card the seat does not hold", p);
        if (r->ballots[p] & s->votes[p])
            return br_fail(err, "state.last_vote.ballots[%d]: a card played there is still in "
                           "the seat's hand", p);
    }
    if (!r->held)
        return true;
    int want_yes = 0, want_no = 0;
    for (int p = 0, listed = 0; p < s->num_players; p++) {
        bool jein_yes = r->jein_yes >> p & 1;
        if (jein_yes && !(r->ballots[p] & DUD_JEIN_BIT))
            return br_fail(err, "state.last_vote.jein_yes[%d]: seat %d played no jein", listed, p);
        listed += jein_yes;
        for (int c = 0; c < DUD_VOTE_CARDS; c++) {
            if (!(r->ballots[p] >> c & 1))
                continue;
            bool is_yes = c <= DUD_YES3 || (c == DUD_JEIN && jein_yes);
            bool is_no = (c >= DUD_NO1 && c <= DUD_NO3) || (c == DUD_JEIN && !jein_yes);
            want_yes += is_yes ? dud_vote_value[c] : 0;
            want_no += is_no ? dud_vote_value[c] : 0;
        }
    }
    if (r->yes != want_yes || r->no != want_no || r->passed != (r->yes > r->no))
        return br_fail(err, "state.last_vote: the totals do not follow from the ballots (%d yes, "
                       "%d no)", want_yes, want_no);
    return true;
}

/* Lays voted down since the last tile: each still fits (nothing was laid
 * since) and covers a toilet, and a vote was held. Not checked: that with
 * revote=changed a vote with cards played has lifted the earlier ones, so
 * that snapshots written before that option (whose options carry no
 * revote key and so read as revote=changed) still load. */
static bool check_rejected(const dud *s, br_text *err)
{
    for (br_move m = 0, i = 0; m < DUD_MV_VOTE; m++) {
        if (!dud_rejected(s, m))
            continue;
        dud_lay l = dud_snap_lay_of_move(m);
        if (!(s->crew_in >> l.path & 1) || dud_toilets_covered(s, l.path, l.shape, l.dir) == 0
            || !s->last_vote.held || s->last_vote.passed)
            return br_fail(err, "state.rejected[%d]: not a lay over a toilet that the last votes "
                           "turned down", (int)i);
        i++;
    }
    return true;
}

static bool check_tile_census(const dud *s, br_text *err)
{
    int count[DUD_TILE_TYPES];
    for (int t = 0; t < DUD_TILE_TYPES; t++) {
        count[t] = s->pool[t];
        for (int p = 0; p < s->num_players; p++)
            count[t] += s->hand[p][t];
    }
    for (int i = 0; i < s->tiles_laid; i++)
        count[dud_tile_type(dud_path_kind[s->laid[i].path], s->laid[i].shape)]++;
    for (int t = 0; t < DUD_TILE_TYPES; t++) {
        if (count[t] != dud_tile_count[t]) {
            char name[16];
            br_text n = br_text_over(name, sizeof name);
            dud_put_tile(&n, t);
            return br_fail(err, "state: %d %s tiles in hands, pool and on the board; the set has %d",
                           count[t], name, dud_tile_count[t]);
        }
    }
    return true;
}

/* During the deal: each seat holds what the deal order has given it so far. */
static bool check_deal_progress(const dud *s, br_text *err)
{
    int dealt = DUD_TILES - pool_size(s);
    for (int c = 0; c < DUD_LENGTHS; c++) {
        int per = dud_deal_count[s->num_players][c], block = per * s->num_players;
        int in_block = dealt < 0 ? 0 : dealt > block ? block : dealt;
        for (int p = 0; p < s->num_players; p++) {
            int want = p < in_block / per ? per : p == in_block / per ? in_block % per : 0;
            int have = 0;
            for (int t = 0; t < DUD_TILE_TYPES; t++)
                have += dud_shape_class(dud_tile_shape(t)) == c ? s->hand[p][t] : 0;
            if (have != want)
                return br_fail(err, "state.hands[%d]: %d tiles of length %d, the deal so far gives %d",
                               p, have, 3 - c, want);
        }
        dealt -= block;
    }
    return true;
}

static bool check_pool(const dud *s, br_text *err)
{
    bool dealing = s->phase == DUD_PH_DEAL_TILES;
    if (dealing != (pool_size(s) > 0))
        return br_fail(err, "state.pool: %s", dealing ? "empty while tiles are dealt"
                                                       : "tiles left after the deal");
    return !dealing || check_deal_progress(s, err);
}

static bool check_cards(const dud *s, br_text *err)
{
    unsigned seen = 0;
    int dealt = 0;
    for (int p = 0; p < s->num_players; p++) {
        for (int i = 0; i < (s->pro ? 2 : 1); i++) {
            int card = s->pro ? s->task[p][i] : s->building[p];
            if (card == DUD_NONE)
                continue;
            if (dealt != p * (s->pro ? 2 : 1) + i)
                return br_fail(err, "state.%s[%d]: dealt out of order", s->pro ? "tasks" : "buildings", p);
            if (seen >> card & 1)
                return br_fail(err, "state.%s[%d]: card dealt twice", s->pro ? "tasks" : "buildings", p);
            seen |= 1u << card;
            dealt++;
        }
    }
    bool all = dealt == s->num_players * (s->pro ? 2 : 1);
    if (s->phase == DUD_PH_DEAL_TILES && dealt)
        return br_fail(err, "state: cards dealt before the tiles");
    if (s->phase > DUD_PH_DEAL_CARDS && !all)
        return br_fail(err, "state: play has begun before every card was dealt");
    if (s->phase == DUD_PH_DEAL_CARDS && all)
        return br_fail(err, "state.phase: every card is dealt, the deal is over");
    return true;
}

static bool choices_complete(const dud *s)
{
    for (int p = 0; p < s->num_players; p++)
        if (s->choice[p] == DUD_NONE)
            return false;
    return true;
}

static bool check_choices(const dud *s, br_text *err)
{
    if (!s->pro)
        return true;
    bool some = false;
    for (int p = 0; p < s->num_players; p++)
        some |= s->choice[p] != DUD_NONE;
    bool playing = s->phase >= DUD_PH_LAY && s->phase <= DUD_PH_JEIN;
    if (s->phase < DUD_PH_LAY && some)
        return br_fail(err, "state.choices: a task chosen during the deal");
    if (playing && choices_complete(s) != dud_first_path_ended(s))
        return br_fail(err, "state.choices: the choice is made exactly when the first path has ended");
    if (playing && some && !choices_complete(s))
        return br_fail(err, "state.choices: only some seats have chosen outside the choice");
    if (s->phase == DUD_PH_OVER && !choices_complete(s))
        return br_fail(err, "state.choices: the game is over but not every seat has chosen");
    if (s->phase == DUD_PH_CHOOSE) {
        if (choices_complete(s))
            return br_fail(err, "state.phase: every seat has chosen");
        for (int k = 1; k < s->num_players; k++) /* the choosers so far follow the turn order */
            if (s->choice[(s->turn + k) % s->num_players] != DUD_NONE
                && s->choice[(s->turn + k - 1) % s->num_players] == DUD_NONE)
                return br_fail(err, "state.choices: seats chose out of turn order");
    }
    return true;
}

/* The vote: ballots from the mover on in turn order (seats without cards
 * skipped), then the jein declarations in the same order. */
static bool check_vote(const dud *s, br_text *err)
{
    if (!dud_snap_voting(s) && (s->voted || s->jein_done))
        return br_fail(err, "state.ballots: ballots outside a vote");
    if (!dud_snap_voting(s))
        return true;
    const dud_lay *l = &s->pending;
    if (!(s->crew_in >> l->path & 1)
        || !s->hand[s->turn][dud_tile_type(dud_path_kind[l->path], l->shape)]
        || dud_toilets_covered(s, l->path, l->shape, l->dir) == 0)
        return br_fail(err, "state.pending: not a lay of the mover that covers a toilet");
    bool gap = false;
    for (int k = 0; k < s->num_players; k++) {
        int q = (s->turn + k) % s->num_players;
        bool has = s->votes[q] != 0, v = s->voted >> q & 1;
        if ((v && (!has || gap)) || (s->phase == DUD_PH_JEIN && has && !v))
            return br_fail(err, "state.ballots[%d]: out of the voting order", q);
        gap |= has && !v;
        bool jein = s->ballot[q] & DUD_JEIN_BIT, done = s->jein_done >> q & 1;
        if (done && (!jein || s->phase != DUD_PH_JEIN))
            return br_fail(err, "state.jein[%d]: declared without a revealed jein card", q);
    }
    if (dud_actor(s) < 0)
        return br_fail(err, "state.phase: nobody is left to vote or declare");
    return true;
}

static bool check_turn(const dud *s, br_text *err)
{
    if (s->phase < DUD_PH_LAY && (s->turn != 0 || s->tiles_laid || s->last_vote.held))
        return br_fail(err, "state: tiles laid or votes held during the deal");
    if (s->phase == DUD_PH_LAY) {
        br_move moves[DUD_MAX_LEGAL];
        if (dud_legal_moves(s, moves) == 0)
            return br_fail(err, "state.turn: seat %d cannot lay any tile", s->turn);
    }
    return true;
}

bool dud_check_loaded(dud *s, const dud_claims *c, br_text *err)
{
    bool ok = replay_laid(s, c, err) && check_tallies(s, c, err) && check_last_vote(s, err)
              && check_rejected(s, err) && check_tile_census(s, err) && check_pool(s, err)
              && check_cards(s, err) && check_choices(s, err) && check_vote(s, err)
              && check_turn(s, err);
    if (ok && s->phase == DUD_PH_OVER)
        dud_decide_winners(s);
    return ok;
}

/* ------------------------------------------------------------------ */
/* Reading JSON into the struct; then the shared checks, and the members the
 * struct does not keep (crews, result) compared with what follows. */

/* Where a value sits: "state.<member>[i][j]" (an index below 0 left out),
 * written out only when a reason needs it. */
typedef struct where {
    const char *member;
    int i, j;
} where;

static const char *where_text(where at, char *buf, size_t size)
{
    int n = snprintf(buf, size, "state.%s", at.member);
    if (at.i >= 0 && n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, "[%d]", at.i);
    if (at.j >= 0 && n >= 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, "[%d]", at.j);
    return buf;
}

#define PATH(at) where_text((at), (char[64]){0}, 64)

/* A string among `names`: its index into *out (br_json_name() says why not). */
static bool read_name(const json_t *v, const char *const *names, int count, int *out, where at,
                      br_text *err)
{
    const char *text = json_string_value(v);
    for (int i = 0; text && i < count; i++)
        if (strcmp(text, names[i]) == 0) {
            *out = i;
            return true;
        }
    return br_json_name(v, names, count, out, PATH(at), err);
}

static const json_t *seat_array(const json_t *o, const char *key, int n, br_text *err)
{
    const json_t *v = br_json_member(o, key, "state", err);
    if (v && (!json_is_array(v) || json_array_size(v) != (size_t)n)) {
        br_fail(err, "state.%s: not an array of %d entries, one per seat", key, n);
        return NULL;
    }
    return v;
}

/* A lay text in the form the writer puts it ("road 3b e"), read without the
 * general notation parser; -1 when the text is in another form. */
static int canonical_lay(const char *text)
{
    for (int p = 0; p < DUD_PATHS; p++) {
        size_t n = strlen(dud_path_names[p]);
        if (strncmp(text, dud_path_names[p], n) != 0 || text[n] != ' ')
            continue;
        const char *rest = text + n + 1;
        for (int sh = 0; sh < DUD_SHAPES; sh++) {
            size_t m = strlen(dud_shape_names[sh]);
            if (strncmp(rest, dud_shape_names[sh], m) != 0 || rest[m] != ' ')
                continue;
            for (int d = 0; d < DUD_DIRS; d++)
                if (strcmp(rest + m + 1, dud_dir_names[d]) == 0)
                    return (int)dud_snap_move_of_lay((dud_lay){(uint8_t)p, (uint8_t)sh, (uint8_t)d});
        }
    }
    return -1;
}

static bool read_lay(const json_t *v, dud_lay *out, where at, br_text *err)
{
    br_move m;
    char reason[160];
    br_text r = br_text_over(reason, sizeof reason);
    if (!json_is_string(v))
        return br_fail(err, "%s: not a lay text", PATH(at));
    int fast = canonical_lay(json_string_value(v));
    if (fast >= 0) {
        *out = dud_snap_lay_of_move((br_move)fast);
        return true;
    }
    if (dud_move_from_text(NULL, json_string_value(v), &m, &r) != BR_OK || m >= DUD_MV_VOTE)
        return br_fail(err, "%s: '%s' is not a lay (e.g. 'road 3b e')", PATH(at),
                       json_string_value(v));
    *out = dud_snap_lay_of_move(m);
    return true;
}

static bool read_tiles(const json_t *v, uint8_t *counts, where at, br_text *err)
{
    if (!json_is_array(v) || json_array_size(v) > DUD_TILES)
        return br_fail(err, "%s: not an array of tile names", PATH(at));
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *e = json_array_get(v, i);
        int t = json_is_string(e) ? dud_parse_tile(json_string_value(e)) : -1;
        if (t < 0)
            return br_fail(err, "%s[%zu]: not a tile name (e.g. 'road3b')", PATH(at), i);
        counts[t]++;
    }
    return true;
}

static bool read_votes(const json_t *v, uint8_t *cards, where at, br_text *err)
{
    if (!json_is_array(v) || json_array_size(v) > DUD_VOTE_CARDS)
        return br_fail(err, "%s: not an array of vote cards", PATH(at));
    *cards = 0;
    for (size_t i = 0; i < json_array_size(v); i++) {
        const json_t *e = json_array_get(v, i);
        int c = json_is_string(e) ? dud_parse_vote_card(json_string_value(e)) : -1;
        if (c < 0)
            return br_fail(err, "%s[%zu]: not a vote card", PATH(at), i);
        if (*cards >> c & 1)
            return br_fail(err, "%s[%zu]: '%s' appears twice", PATH(at), i, dud_vote_names[c]);
        *cards |= (uint8_t)(1u << c);
    }
    return true;
}

static bool read_laid(dud_claims *c, const json_t *o, br_text *err)
{
    const json_t *laid = br_json_member(o, "laid", "state", err);
    if (!laid)
        return false;
    if (!json_is_array(laid) || json_array_size(laid) > DUD_TILES)
        return br_fail(err, "state.laid: not an array of at most %d lays", DUD_TILES);
    c->laid_count = (int)json_array_size(laid);
    for (int i = 0; i < c->laid_count; i++) {
        if (!read_lay(json_array_get(laid, (size_t)i), &c->laid[i], (where){"laid", i, -1}, err))
            return false;
    }
    return true;
}

/* The crews, which the replay of the laid tiles has placed. */
static bool check_crews(const dud *s, const json_t *o, br_text *err)
{
    const json_t *crews = br_json_member(o, "crews", "state", err);
    if (!crews)
        return false;
    if (!json_is_array(crews) || json_array_size(crews) != DUD_PATHS)
        return br_fail(err, "state.crews: not an array of %d crews", DUD_PATHS);
    static const char *const keys[] = {"path", "square", "in"};
    for (int p = 0; p < DUD_PATHS; p++) {
        const json_t *c = json_array_get(crews, (size_t)p);
        where at = {"crews", p, -1};
        char want[4];
        int csq = s->crew[p], row = DUD_SIDE - csq / DUD_SIDE;
        size_t w = 0;
        want[w++] = (char)('a' + csq % DUD_SIDE);
        if (row >= 10)
            want[w++] = (char)('0' + row / 10);
        want[w++] = (char)('0' + row % 10);
        want[w] = '\0';
        if (!json_is_object(c))
            return br_fail(err, "%s: not an object", PATH(at));
        const char *unknown = br_json_unknown_key(c, keys, 3);
        if (unknown)
            return br_fail(err, "%s.%s: not a member of a crew", PATH(at), unknown);
        const json_t *name = json_object_get(c, "path"), *sq = json_object_get(c, "square");
        bool in;
        if (!json_is_string(name) || strcmp(json_string_value(name), dud_path_names[p]) != 0)
            return br_fail(err, "%s.path: not '%s'", PATH(at), dud_path_names[p]);
        if (!json_is_string(sq) || strcmp(json_string_value(sq), want) != 0)
            return br_fail(err, "%s.square: the laid tiles end the %s path at %s", PATH(at),
                           dud_path_names[p], want);
        const json_t *in_value = json_object_get(c, "in");
        if (!json_is_boolean(in_value))
            return br_json_bool(c, "in", &in, PATH(at), err);
        in = json_is_true(in_value);
        if (in != (s->crew_in >> p & 1))
            return br_fail(err, "%s.in: the %s crew is %s after the laid tiles", PATH(at),
                           dud_path_names[p], s->crew_in >> p & 1 ? "in" : "out");
    }
    return true;
}

static bool read_hands(dud *s, const json_t *o, br_text *err)
{
    const json_t *hands = seat_array(o, "hands", s->num_players, err);
    if (!hands)
        return false;
    for (int p = 0; p < s->num_players; p++) {
        if (!read_tiles(json_array_get(hands, (size_t)p), s->hand[p], (where){"hands", p, -1}, err))
            return false;
    }
    memset(s->pool, 0, sizeof s->pool);
    const json_t *pool = br_json_member(o, "pool", "state", err);
    return pool && read_tiles(pool, s->pool, (where){"pool", -1, -1}, err);
}

static bool read_buildings(dud *s, const json_t *o, br_text *err)
{
    const json_t *arr = seat_array(o, "buildings", s->num_players, err);
    if (!arr)
        return false;
    for (int p = 0; p < s->num_players; p++) {
        const json_t *v = json_array_get(arr, (size_t)p);
        int b;
        if (json_is_null(v))
            continue;
        if (!read_name(v, dud_building_names, DUD_BUILDING_TYPES, &b, (where){"buildings", p, -1},
                       err))
            return false;
        s->building[p] = (uint8_t)b;
    }
    return true;
}

static bool read_tasks(dud *s, const json_t *o, br_text *err)
{
    const json_t *arr = seat_array(o, "tasks", s->num_players, err);
    const json_t *choices = arr ? seat_array(o, "choices", s->num_players, err) : NULL;
    if (!choices)
        return false;
    for (int p = 0; p < s->num_players; p++) {
        const json_t *pair = json_array_get(arr, (size_t)p);
        if (!json_is_array(pair) || json_array_size(pair) != 2)
            return br_fail(err, "state.tasks[%d]: not a pair of task cards", p);
        for (int i = 0; i < 2; i++) {
            const json_t *v = json_array_get(pair, (size_t)i);
            int t;
            if (json_is_null(v))
                continue;
            if (!read_name(v, dud_task_names, DUD_TASKS, &t, (where){"tasks", p, i}, err))
                return false;
            s->task[p][i] = (uint8_t)t;
        }
        const json_t *c = json_array_get(choices, (size_t)p);
        if (json_is_null(c))
            continue;
        if (!json_is_integer(c) || json_integer_value(c) < 1 || json_integer_value(c) > 2)
            return br_fail(err, "state.choices[%d]: not 1, 2 or null", p);
        s->choice[p] = (uint8_t)(json_integer_value(c) - 1);
    }
    return true;
}

static bool read_ballots(dud *s, const json_t *o, br_text *err)
{
    const json_t *votes = seat_array(o, "votes", s->num_players, err);
    const json_t *ballots = votes ? seat_array(o, "ballots", s->num_players, err) : NULL;
    const json_t *jein = ballots ? seat_array(o, "jein", s->num_players, err) : NULL;
    if (!jein)
        return false;
    for (int p = 0; p < s->num_players; p++) {
        if (!read_votes(json_array_get(votes, (size_t)p), &s->votes[p], (where){"votes", p, -1},
                        err))
            return false;
        const json_t *b = json_array_get(ballots, (size_t)p);
        if (!json_is_null(b)) {
            if (!read_votes(b, &s->ballot[p], (where){"ballots", p, -1}, err))
                return false;
            s->voted |= (uint8_t)(1u << p);
        }
        const json_t *j = json_array_get(jein, (size_t)p);
        if (json_is_null(j))
            continue;
        int yes;
        if (!read_name(j, (const char *const[]){"no", "yes"}, 2, &yes, (where){"jein", p, -1}, err))
            return false;
        s->jein_done |= (uint8_t)(1u << p);
        s->jein_yes |= (uint8_t)(yes << p);
    }
    return true;
}

static bool read_last_vote(dud *s, const json_t *o, br_text *err)
{
    const json_t *v = br_json_member(o, "last_vote", "state", err);
    if (!v)
        return false;
    if (json_is_null(v))
        return true;
    dud_vote_result *r = &s->last_vote;
    long long yes, no;
    bool passed;
    const json_t *ballots, *jein;
    if (!br_json_int(v, "yes", 0, 255, &yes, "state.last_vote", err)
        || !br_json_int(v, "no", 0, 255, &no, "state.last_vote", err)
        || !br_json_bool(v, "passed", &passed, "state.last_vote", err)
        || !(ballots = br_json_array(v, "ballots", s->num_players, "state.last_vote", err))
        || !(jein = br_json_array(v, "jein_yes", -1, "state.last_vote", err)))
        return false;
    if (json_object_size(v) != 5)
        return br_fail(err, "state.last_vote: has members this version does not write");
    r->held = 1;
    r->yes = (uint8_t)yes;
    r->no = (uint8_t)no;
    r->passed = passed;
    for (int p = 0; p < s->num_players; p++) {
        if (!read_votes(json_array_get(ballots, (size_t)p), &r->ballots[p],
                        (where){"last_vote.ballots", p, -1}, err))
            return false;
    }
    for (size_t i = 0; i < json_array_size(jein); i++) {
        long long p;
        if (!br_json_array_int(jein, i, 0, s->num_players - 1, &p, "state.last_vote.jein_yes", err))
            return false;
        r->jein_yes |= (uint8_t)(1u << p);
    }
    return true;
}

static bool read_rejected(dud *s, const json_t *o, br_text *err)
{
    const json_t *arr = br_json_member(o, "rejected", "state", err);
    if (!arr)
        return false;
    if (!json_is_array(arr) || json_array_size(arr) > DUD_MV_VOTE)
        return br_fail(err, "state.rejected: not an array of lays");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        dud_lay l;
        if (!read_lay(json_array_get(arr, i), &l, (where){"rejected", (int)i, -1}, err))
            return false;
        br_move m = dud_snap_move_of_lay(l);
        if (dud_rejected(s, m))
            return br_fail(err, "state.rejected[%zu]: listed twice", i);
        s->rejected[m / 8] |= (uint8_t)(1u << (m % 8));
    }
    return true;
}

static bool read_tallies(dud *s, dud_claims *c, const json_t *o, br_text *err)
{
    const json_t *t = br_json_member(o, "tallies", "state", err);
    long long votes, passed, bridges;
    if (!t || !br_json_int(t, "votes", 0, DUD_MAX_VOTES, &votes, "state.tallies", err)
        || !br_json_int(t, "passed", 0, votes < DUD_MAX_PASSED_VOTES ? votes
                                                                     : DUD_MAX_PASSED_VOTES,
                        &passed, "state.tallies", err)
        || !br_json_int(t, "bridges", 0, DUD_TILES, &bridges, "state.tallies", err))
        return false;
    if (json_object_size(t) != 3)
        return br_fail(err, "state.tallies: has members this version does not write");
    s->votes_held = (uint16_t)votes;
    s->votes_passed = (uint8_t)passed;
    c->bridges = (int)bridges;
    return true;
}

static bool read_pending(dud *s, const json_t *o, br_text *err)
{
    const json_t *pending = br_json_member(o, "pending", "state", err);
    if (!pending)
        return false;
    if (json_is_null(pending) == dud_snap_voting(s))
        return br_fail(err, "state.pending: %s", dud_snap_voting(s) ? "missing during a vote"
                                                           : "set outside a vote");
    return dud_snap_voting(s) ? read_lay(pending, &s->pending, (where){"pending", -1, -1}, err) : true;
}

static bool read_members(dud *s, dud_claims *c, const json_t *o, br_text *err)
{
    static const char *const keys[] = {
        "phase", "turn", "laid", "crews", "hands", "pool", "buildings", "tasks", "choices",
        "votes", "ballots", "jein", "pending", "last_vote", "rejected", "tallies", "result",
    };
    const char *unknown = br_json_unknown_key(o, keys, sizeof keys / sizeof keys[0]);
    if (unknown)
        return br_fail(err, "state.%s: not a member of this version's snapshot", unknown);
    if (json_object_get(o, s->pro ? "buildings" : "tasks"))
        return br_fail(err, "state.%s: not used in the %s variant", s->pro ? "buildings" : "tasks",
                       s->pro ? "pro" : "basic");
    int phase;
    long long turn;
    const json_t *ph = br_json_member(o, "phase", "state", err);
    if (!ph || !read_name(ph, dud_phase_names, DUD_PHASES, &phase, (where){"phase", -1, -1}, err)
        || !br_json_int(o, "turn", 0, s->num_players - 1, &turn, "state", err))
        return false;
    s->phase = (uint8_t)phase;
    s->turn = (uint8_t)turn;
    return read_laid(c, o, err) && read_hands(s, o, err)
           && (s->pro ? read_tasks(s, o, err) : read_buildings(s, o, err))
           && read_ballots(s, o, err) && read_last_vote(s, o, err)
           && read_tallies(s, c, o, err) && read_rejected(s, o, err) && read_pending(s, o, err);
}

static bool check_result(const dud *s, const json_t *state, br_text *err)
{
    const json_t *result = json_object_get(state, "result");
    bool over = s->phase == DUD_PH_OVER;
    if (!result || json_is_null(result) == over)
        return br_fail(err, "state.result: %s", over ? "missing at the end" : "set before the end");
    if (!over)
        return true;
    if (!json_is_object(result))
        return br_fail(err, "state.result: not an object");
    char text[512];
    br_text t = br_text_over(text, sizeof text);
    br_jw w;
    br_jw_init(&w, &t);
    write_result_value(&w, s);
    json_t *want = NULL;
    json_error_t jerr;
    if (br_text_fits(&t))
        br_json_parse(text, t.len, 0, &want, &jerr);
    if (!want)
        return br_fail(err, "state.result: out of memory while checking it");
    bool same = true;
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)result, key, value) {
        if (!json_equal(value, json_object_get(want, key))) {
            same = br_fail(err, "state.result.%s: does not follow from the final position", key);
            break;
        }
    }
    json_object_foreach(want, key, value) {
        if (same && !json_object_get(result, key))
            same = br_fail(err, "state.result.%s: missing", key);
    }
    json_decref(want);
    return same;
}

br_status dud_from_json(void *st, const json_t *state, br_text *err)
{
    dud *s = st;
    dud_claims c;
    if (!json_is_object(state)) {
        br_fail(err, "state: not an object");
        return BR_ERR_SNAPSHOT;
    }
    bool ok = read_members(s, &c, state, err) && dud_check_loaded(s, &c, err)
              && check_crews(s, state, err) && check_result(s, state, err);
    return ok ? BR_OK : BR_ERR_SNAPSHOT;
}
