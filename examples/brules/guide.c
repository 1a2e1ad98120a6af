/*
 * What brules tells a person about a game at the table (`brules play`,
 * `brules info`): the game's help, notes at the prompt and after each move.
 *
 * The table talk reads the game through the public API only: the seat's
 * observation (JSON, as doc/games/<game>.md describes it) and move texts.
 * A seat's observation holds nothing hidden from it, so the notes cannot
 * give away another seat's cards.
 */
#include "brules.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

/* ------------------------------------------------------------------ */
/* The games' help at the table */

/* Short and true to doc/games/<game>.md: enough to read the move list and
 * the board, not the whole rule book. */
static const char tsuro_help[] =
    "Tsuro: keep your marker on the board longer than the others.\n"
    "  @a1:0       at the start: place your marker on an edge mark (here point 0\n"
    "              of square a1; kosmos and tactile editions: a side, @a1:top)\n"
    "  17r2        place tile 17, turned 2 quarter turns clockwise, on the square\n"
    "              in front of your marker; every marker on a path the tile\n"
    "              extends follows it. Kosmos and tactile, first turn: 17r2/1\n"
    "              follows the second path of the entry side.\n"
    "A marker that leaves the board, or meets another marker, is out. Option\n"
    "selfkill says whether you may put yourself out ('brules info tsuro').\n";

static const char tuer_an_tuer_help[] =
    "Tür an Tür: walk your figure from the start (top left) through the four\n"
    "floors to the exit (bottom right) before the other seat.\n"
    "  R5@b3       place door card R5 (colour Y G R B, number 1-9, * = a cat) on\n"
    "              door field b3 (columns a-d; floor 4 at the top, 1 at the\n"
    "              bottom). Each turn you place one, then draw back to 5.\n"
    "  red@e3      lay elevator card red on the elevator field of floor 3: only\n"
    "              at the start of your turn, with your figure on an elevator\n"
    "              field; once all four hold a card, it replaces the one there.\n"
    "  exchange R5 at the start: discard up to 3 door cards ('done' ends it),\n"
    "              then draw as many.\n"
    "  jump, walk  your figure steps onto a cat card (or, in a later turn, sets\n"
    "              out from one it came onto by a jump or that was laid under\n"
    "              it): jump to the next door of the cat's colour on your path\n"
    "              (the steps left are lost), or walk on.\n"
    "  drop red    you hold 3 elevator cards: drop one, the new one or an old.\n"
    "A new door card scores with its neighbours on its floor, for 3 / 4 cards:\n"
    "one colour 3 / 5, one number 3 / 5, ascending numbers 3 / 5, different\n"
    "colours (in a line or an L, also across floors; different4=connected: any\n"
    "connected four) 3 / 5; one colour with consecutive numbers (a run) 2 / 5 /\n"
    "9 for 2 / 3 / 4 cards (run4=10: 10).\n"
    "Walking: an empty door costs 3 steps (its 3 cells [ . .]), a door with a\n"
    "card 1, an elevator field 1. An elevator field stops the figure (the\n"
    "turn's other steps are lost) and gives an elevator card (you keep 2).\n"
    "Elevator cards count the door cards on their own floor. They give their\n"
    "steps when laid, and again to whoever places a door card on that floor:\n";

static const char tuer_an_tuer_help_end[] =
    "When all 16 door fields hold a card, every elevator card on the board\n"
    "gives its steps to both; who reaches the exit then wins (both: the one\n"
    "that needed fewer steps).\n";

static const char drunter_und_drueber_help[] =
    "Drunter & Drüber: extend the paths (road, two city walls, river) with your\n"
    "tiles. At the end your secret building card scores the buildings of its\n"
    "kind that no tile covers; most points wins, then most vote cards left.\n"
    "  road 3b e   lay a tile on the path road (road, wall1, river, wall2):\n"
    "              length 3, 2 or 1, b = with a bridge, towards n, e, s or w\n"
    "              from the path's end, where its crew [..] stands.\n"
    "A tile over a toilet (WC) needs a vote. Every seat with vote cards, the\n"
    "mover too, picks in secret any of them, or none: 'vote yes2 no1', 'vote\n"
    "none'. Then all are shown. yes1-yes3 count 1-3 yes, no1-no3 1-3 no, jein\n"
    "counts 2 for the side its owner declares afterwards ('jein yes', 'jein\n"
    "no'), egal counts nothing (it bluffs). More yes than no: the tile is laid;\n"
    "else it goes back, and that lay may not be proposed again until a tile is\n"
    "laid somewhere. Every card played is used up.\n"
    "  choose 1    (variant=pro) score with your first (or second) task card.\n";

static const char tore_der_welt_help[] =
    "Die Tore der Welt: 4 chapters of 6 rounds; most victory points (VP) wins.\n"
    "Each round an event card is drawn and the active player turns it:\n"
    "'orient 0'..'orient 3' moves the favour marker that many spaces (the\n"
    "active player takes the benefit) and sets the corner, that is the income,\n"
    "of each seat. Then every seat takes its action:\n"
    "  play CARD     play an action card face up and carry out its action\n"
    "  lay CARD      lay it face up unused\n"
    "  discard CARD  from chapter II: a card face down after your action\n"
    "  trade SLOT    use a lasting trade event (council, field1, field2)\n"
    "  accept, decline  an event's offer or demand\n"
    "  done          end a sequence (rents, care, redemptions)\n"
    "The action cards, with the words their follow-up moves use:\n"
    "  grain      take 1 grain               piety   take 1 piety\n"
    "  material   'take stone' or 'take wood'\n"
    "  build      'build tower stone wood': cubes onto a project, 3 VP each\n"
    "  wool-sale  'sell 3 wool', 'sell 1 cloth', 'sell 3 wool 1 cloth'\n"
    "  privilege  repeat your top face-up card of this chapter\n"
    "  house      'house p5': a house on plot 5 (a cube of its material, 1 money)\n"
    "  rent       'rent p5': the yield of your house there (up to 2 houses)\n"
    "  donate     'donate chapel': 1 money and a donation seal on a project\n"
    "  weave      'weave 1', 'weave 2': wool into cloth\n"
    "  medicine   'medicine money' (1 money, 1 VP) or, from chapter III,\n"
    "             'care 7': care for the patient at place 7 (2 VP each)\n"
    "  favour     the favour marker moves 1 space; you take the benefit\n"
    "The favour track (queen prior guild outlaws prioress merchants king\n"
    "outlaws earl bishop, then the queen again; a covered space is skipped).\n"
    "The seat whose orientation or favour card moves the marker takes:\n"
    "  queen      2 VP if it shows 1 loyalty    prior     1 piety\n"
    "  guild      1 VP per own house            outlaws   it pays 1 money\n"
    "  prioress   2 VP if it shows 1 knowledge  merchants 1 wool\n"
    "  king       1 VP per loyalty shown        earl      1 grain\n"
    "  bishop     1 VP per piety shown\n"
    "Income codes: St stone, Wd wood, Gr grain, Pi piety, Wo wool, Lo loyalty,\n"
    "Mk medical knowledge, M1/M2 1/2 money, VP 1 victory point (a stock that\n"
    "has run out gives 1 VP instead).\n"
    "At each chapter end every seat owes 2 piety, 2 grain and the tax die's\n"
    "2-5 money; each missing unit costs VP (piety 3, grain 2, money 1) and\n"
    "brings a penalty in round 1 of the next chapter: P penance (a random\n"
    "card leaves the hand), B begging (no income), C royal court (no action).\n"
    "1 loyalty cancels a penalty ('redeem piety', 'redeem grain', 'redeem\n"
    "tax'); after chapter IV it cancels the doubled loss instead.\n";

/* The designed elevator cards of Tür an Tür (doc/games/tuer-an-tuer.md,
 * "Elevator cards"), in the order of their type numbers. */
enum { TAT_YELLOW, TAT_GREEN, TAT_RED, TAT_BLUE, TAT_CATS, TAT_DOORS, TAT_LOW, TAT_HIGH,
       TAT_COLOURS, TAT_PAIRS, TAT_ELEVATOR_TYPES };

static const struct tat_elevator {
    const char *name;   /* as the notation writes it */
    const char *effect; /* what it gives, counting the doors on its floor */
} tat_elevators[TAT_ELEVATOR_TYPES] = {
    { "yellow", "2 steps per yellow door" },
    { "green", "2 steps per green door" },
    { "red", "2 steps per red door" },
    { "blue", "2 steps per blue door" },
    { "cats", "1 step per door showing a cat (*: numbers 3 and 7)" },
    { "doors", "1 step per door" },
    { "low", "2 steps per door numbered 1-4" },
    { "high", "2 steps per door numbered 6-9" },
    { "colours", "2 steps per colour among the doors" },
    { "pairs", "2 steps per neighbour pair of one colour or number" },
};

static void print_tat_elevator_table(FILE *out)
{
    for (int t = 0; t < TAT_ELEVATOR_TYPES; t++)
        fprintf(out, "  %-9s %s\n", tat_elevators[t].name, tat_elevators[t].effect);
}

static bool is_game(const br_game *game, const char *name)
{
    return game && strcmp(br_game_name(game), name) == 0;
}

bool print_game_help(FILE *out, const br_game *game)
{
    if (is_game(game, "tuer-an-tuer")) {
        fputs(tuer_an_tuer_help, out);
        print_tat_elevator_table(out);
        fputs(tuer_an_tuer_help_end, out);
        return true;
    }
    static const struct { const char *game, *help; } helps[] = {
        { "tsuro", tsuro_help },
        { "drunter-und-drueber", drunter_und_drueber_help },
        { "tore-der-welt", tore_der_welt_help },
    };
    for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++)
        if (is_game(game, helps[i].game)) {
            fputs(helps[i].help, out);
            return true;
        }
    return false;
}

const char *game_score_label(const br_game *game)
{
    /* br_state_scores() is each game's own measure; in two games it is no
     * count of points, and "scores: 10, 20" would read as points. */
    if (is_game(game, "tuer-an-tuer"))
        return "path positions (0 = start, 21 = exit)";
    if (is_game(game, "tsuro"))
        return "markers on the board (1 = in, 0 = out)";
    if (is_game(game, "tore-der-welt"))
        return "victory points";
    return "points";
}

/* ------------------------------------------------------------------ */
/* Tür an Tür at the table */

enum { TAT_FLOORS = 4, TAT_COLUMNS = 4 };

/* The `view` of `seat`'s observation (-1: a spectator's); json_decref()
 * the root it is stored in. NULL on failure (reported). */
static json_t *observe_view(const br_state *state, int seat, json_t **root)
{
    char *text = seat_text(state, br_state_observe, seat, "observation");
    if (!text) {
        *root = NULL;
        return NULL;
    }
    *root = json_loads(text, 0, NULL);
    free(text);
    json_t *view = json_object_get(*root, "view");
    if (!json_is_object(view)) {
        brules_error("observation: no view object");
        return NULL;
    }
    return view;
}

static const char *json_text(const json_t *object, const char *key)
{
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "";
}

/* Item i of a list of texts; "" when it is no text. */
static const char *json_item_text(const json_t *list, size_t i)
{
    const char *text = json_string_value(json_array_get(list, i));
    return text ? text : "";
}

static int tat_elevator_type(const char *name)
{
    for (int t = 0; t < TAT_ELEVATOR_TYPES; t++)
        if (strcmp(tat_elevators[t].name, name) == 0)
            return t;
    return -1;
}

/* The door card on field `x` of the board (field order a4..d4, a3..d1):
 * its colour letter and number; false when the field is empty. */
static bool tat_door_at(const json_t *board, int x, char *colour, int *number)
{
    const char *card = json_string_value(json_array_get(board, (size_t)x));
    if (!card || !card[0])
        return false;
    *colour = card[0];
    *number = atoi(card + 1);
    return true;
}

/* The steps one door gives under an elevator card that counts doors one by
 * one (not colours, not pairs). */
static int tat_door_steps(int type, char colour, int number)
{
    static const char colours[] = "YGRB"; /* the order of the colour types */
    switch (type) {
    case TAT_YELLOW: case TAT_GREEN: case TAT_RED: case TAT_BLUE:
        return colour == colours[type] ? 2 : 0;
    case TAT_CATS:
        return number == 3 || number == 7;
    case TAT_DOORS:
        return 1;
    case TAT_LOW:
        return number <= 4 ? 2 : 0;
    case TAT_HIGH:
        return number >= 6 ? 2 : 0;
    default:
        return 0;
    }
}

/* The steps elevator card `type` gives on floor index `floor` of `board`,
 * as doc/games/tuer-an-tuer.md designs it, for the prompt's notes (what a
 * card would give now): the observation does not say it. test-brules.sh
 * compares these counts with the steps the library's effects announce. */
static int tat_elevator_steps(const json_t *board, int type, int floor)
{
    int steps = 0, last_number = 0;
    char last_colour = 0, colours[TAT_COLUMNS + 1] = "";
    for (int k = 0; k < TAT_COLUMNS; k++) {
        char colour;
        int number;
        if (!tat_door_at(board, TAT_COLUMNS * floor + k, &colour, &number)) {
            last_colour = 0;
            continue;
        }
        steps += tat_door_steps(type, colour, number);
        if (type == TAT_PAIRS && last_colour && (colour == last_colour || number == last_number))
            steps += 2;
        if (!strchr(colours, colour))
            colours[strlen(colours)] = colour;
        last_colour = colour;
        last_number = number;
    }
    return type == TAT_COLOURS ? 2 * (int)strlen(colours) : steps;
}

/* How often `name` occurs in `cards` (a list of texts), in its first `n`. */
static size_t count_in(const json_t *cards, const char *name, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n && i < json_array_size(cards); i++)
        count += strcmp(json_item_text(cards, i), name) == 0;
    return count;
}

/* At a prompt where door cards are placed or elevator cards played or
 * dropped: what every elevator card in sight does, and gives now. */
static void tat_prompt_notes(FILE *out, const json_t *view, int seat)
{
    const char *phase = json_text(view, "phase");
    if (strcmp(phase, "turn") != 0 && strcmp(phase, "door") != 0
        && strcmp(phase, "elevator-drop") != 0)
        return;
    const json_t *board = json_object_get(view, "board");
    const json_t *laid = json_object_get(view, "elevators");
    bool header = false;
    for (int f = 0; f < TAT_FLOORS; f++) {
        int type = tat_elevator_type(json_item_text(laid, (size_t)f));
        if (type < 0)
            continue;
        if (!header)
            fputs("elevator cards on the board (each fires for whoever places a door on "
                  "its floor):\n", out);
        header = true;
        fprintf(out, "  e%d %s: %s; now %d\n", TAT_FLOORS - f, tat_elevators[type].name,
                tat_elevators[type].effect, tat_elevator_steps(board, type, f));
    }
    const json_t *hand = json_array_get(json_object_get(view, "elevator_hands"), (size_t)seat);
    for (size_t i = 0; i < json_array_size(hand); i++) {
        const char *name = json_item_text(hand, i);
        int type = tat_elevator_type(name);
        if (type < 0 || count_in(hand, name, i) > 0)
            continue; /* a second copy says nothing new */
        if (i == 0)
            fputs("your elevator cards (steps each gives now on e4, e3, e2, e1):\n", out);
        fprintf(out, "  %s: %s; now", name, tat_elevators[type].effect);
        for (int f = 0; f < TAT_FLOORS; f++)
            fprintf(out, "%s %d", f ? "," : "", tat_elevator_steps(board, type, f));
        fputc('\n', out);
    }
}

void print_prompt_notes(FILE *out, const br_state *state, int seat)
{
    if (seat < 0 || !is_game(br_state_game(state), "tuer-an-tuer"))
        return;
    json_t *root;
    const json_t *view = observe_view(state, seat, &root);
    if (view)
        tat_prompt_notes(out, view, seat);
    json_decref(root);
}

/* ------------------------------------------------------------------ */
/* Drunter & Drüber at the prompt */

/* Whether the first move's text begins with `word` and a blank. */
static bool first_move_is(const br_state *state, const br_move *moves, size_t count,
                          const char *word)
{
    char text[64];
    size_t len = strlen(word);
    return count > 0 && strncmp(move_text(state, moves[0], text, sizeof text), word, len) == 0
           && text[len] == ' ';
}

/* The ballot: the proposal is in the view above; the seat's vote cards and
 * how to compose a ballot from them. */
static void dud_print_ballot_prompt(FILE *out, const json_t *view, int seat)
{
    const json_t *cards = json_array_get(json_object_get(view, "votes"), (size_t)seat);
    fprintf(out, "The vote on %s: compose your secret ballot from your vote cards:\n  ",
            json_text(view, "pending"));
    for (size_t i = 0; i < json_array_size(cards); i++)
        fprintf(out, "%s%s", i ? " " : "", json_item_text(cards, i));
    fputs("\n", out);
    if (json_array_size(cards) >= 2)
        fprintf(out, "e.g. 'vote %s %s' (any of them, each once), or 'vote none' (no card).\n",
                json_item_text(cards, 0), json_item_text(cards, json_array_size(cards) - 1));
    else
        fprintf(out, "e.g. 'vote %s', or 'vote none' (no card).\n", json_item_text(cards, 0));
    fputs("Every card you play is used up; more yes than no lays the tile.\n", out);
}

/* The pro choice: each task card by name. */
static void dud_print_task_choice(FILE *out, const json_t *view, int seat,
                                  const br_state *state, const br_move *moves, size_t count)
{
    const json_t *tasks = json_array_get(json_object_get(view, "tasks"), (size_t)seat);
    fputs("Choose the task card you score with:\n", out);
    for (size_t i = 0; i < count; i++) {
        char text[64];
        move_text(state, moves[i], text, sizeof text);
        long slot = strtol(text + strlen("choose "), NULL, 10);
        fprintf(out, "  %zu) %-9s  %s\n", i + 1, text,
                slot >= 1 ? json_item_text(tasks, (size_t)slot - 1) : "?");
    }
}

/* The squares and toilets of one lay, from the effects of laying it on a
 * copy of the state ("propose" when it needs a vote, else "lay"): into
 * buf, e.g. "b12 c12 d12" or "k1 j1, WC k1". */
static bool dud_lay_squares(br_state *trial, const br_state *state, int seat, br_move move,
                            char *buf, size_t size)
{
    size_t count = 0;
    char json[4096];
    buf[0] = '\0';
    if (br_state_copy(trial, state) != BR_OK || br_state_apply(trial, move) != BR_OK)
        return false;
    br_status st = br_state_history(trial, NULL, 0, &count);
    if ((st != BR_OK && st != BR_ERR_BUFFER) || count == 0
        || br_state_history_effects_json(trial, count - 1, seat, json, sizeof json, NULL)
               != BR_OK)
        return false;
    json_t *effects = json_loads(json, 0, NULL);
    const json_t *first = json_array_get(effects, 0);
    const json_t *squares = json_object_get(first, "squares");
    const json_t *toilets = json_object_get(first, "toilets");
    size_t len = 0;
    for (size_t i = 0; i < json_array_size(squares) && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "",
                                json_item_text(squares, i));
    for (size_t i = 0; i < json_array_size(toilets) && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : ", WC ",
                                json_item_text(toilets, i));
    bool found = json_array_size(squares) > 0;
    json_decref(effects);
    return found;
}

/* The lays in numbered columns, each with the squares its tile covers. */
static bool dud_print_lays(FILE *out, const br_state *state, int seat, const br_move *moves,
                           size_t count)
{
    br_state *trial;
    if (br_state_clone(state, &trial) != BR_OK)
        return false;
    enum { CELL = 38 };
    fprintf(out, "legal moves (%zu), each with the squares its tile covers (WC: a toilet, "
                 "a vote):\n", count);
    int number_width = count >= 100 ? 3 : count >= 10 ? 2 : 1;
    for (size_t i = 0; i < count; i++) {
        char text[64], squares[64], cell[160];
        move_text(state, moves[i], text, sizeof text);
        /* A lay the copy cannot show is still listed, without squares. */
        dud_lay_squares(trial, state, seat, moves[i], squares, sizeof squares);
        snprintf(cell, sizeof cell, "%*zu) %-11s%s", number_width, i + 1, text, squares);
        bool last_in_row = i % 2 == 1 || i + 1 == count;
        fprintf(out, "  %-*s%s", last_in_row ? 0 : CELL - 2, cell, last_in_row ? "\n" : "");
    }
    br_state_free(trial);
    return true;
}

static bool dud_print_choices(FILE *out, const br_state *state, int seat, const br_move *moves,
                              size_t count)
{
    bool ballots = first_move_is(state, moves, count, "vote");
    bool tasks = first_move_is(state, moves, count, "choose");
    bool lays = !ballots && !tasks && !first_move_is(state, moves, count, "jein")
                && !first_move_is(state, moves, count, "deal")
                && !first_move_is(state, moves, count, "building")
                && !first_move_is(state, moves, count, "task");
    if (seat < 0 || !(ballots || tasks || lays))
        return false;
    if (lays)
        return dud_print_lays(out, state, seat, moves, count);
    json_t *root;
    const json_t *view = observe_view(state, seat, &root);
    if (view && ballots)
        dud_print_ballot_prompt(out, view, seat);
    else if (view)
        dud_print_task_choice(out, view, seat, state, moves, count);
    json_decref(root);
    return view != NULL;
}

bool print_game_choices(FILE *out, const br_state *state, int seat, const br_move *moves,
                        size_t count)
{
    if (is_game(br_state_game(state), "drunter-und-drueber"))
        return dud_print_choices(out, state, seat, moves, count);
    return false;
}
