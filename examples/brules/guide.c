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
#include "fx_tdw.h"

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

static int json_int(const json_t *object, const char *key)
{
    return (int)json_integer_value(json_object_get(object, key));
}

/* The figure position of seat p ("start", "b3", "b3:2", "e3", "exit"). */
static const char *tat_figure(const json_t *view, int p)
{
    const char *text = json_item_text(json_object_get(view, "figures"), (size_t)p);
    return text[0] ? text : "?";
}

static int tat_elevator_type(const char *name)
{
    for (int t = 0; t < TAT_ELEVATOR_TYPES; t++)
        if (strcmp(tat_elevators[t].name, name) == 0)
            return t;
    return -1;
}

/* The floor index (0 = floor 4, the top) of a field text such as "b3" or
 * "e3"; -1 for anything else. */
static int tat_floor_of(const char *field)
{
    if (strlen(field) != 2 || field[1] < '1' || field[1] > '0' + TAT_FLOORS)
        return -1;
    return TAT_FLOORS - (field[1] - '0');
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
 * as doc/games/tuer-an-tuer.md designs it. brules counts them itself: the
 * observation keeps the score of the last door card, but nothing of what a
 * card laid on an elevator field gave. tat_check_elevator() compares the
 * count with the library's at every door card on a floor with a card. */
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

/* Checks brules' count against the library's: the last door card's score
 * holds what the elevator card of its floor gave. A difference means the
 * table above no longer describes the game. */
static void tat_check_elevator(const json_t *after, int floor)
{
    const char *name = json_item_text(json_object_get(after, "elevators"), (size_t)floor);
    int type = tat_elevator_type(name);
    if (!name[0])
        return;
    int mine = type < 0 ? -1 : tat_elevator_steps(json_object_get(after, "board"), type, floor);
    int library = json_int(json_object_get(after, "last_score"), "elevator");
    if (mine != library)
        brules_error("Tür an Tür: brules counts %d steps for the elevator card %s, the "
                     "library %d (brules' table of elevator cards is out of date)",
                     mine, name, library);
}

static bool tat_is_elevator_field(const char *position)
{
    return position[0] == 'e' && tat_floor_of(position) >= 0;
}

enum { NOTE_SIZE = 160, NOTE_WIDTH = 78 };

/* Appends to the text in buf (of NOTE_SIZE bytes); cut short if too long. */
static void note_add(char *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note_add(char *buf, const char *fmt, ...)
{
    size_t len = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, NOTE_SIZE - len, fmt, ap);
    va_end(ap);
}

/* Prints the note "  HEAD; WALK", with the walk on a line of its own when
 * both do not fit in a terminal's line. */
static void tat_print_note(FILE *out, const char *head, const char *walk)
{
    if (!walk[0])
        fprintf(out, "  %s\n", head);
    else if (2 + strlen(head) + 2 + strlen(walk) <= NOTE_WIDTH)
        fprintf(out, "  %s; %s\n", head, walk);
    else
        fprintf(out, "  %s;\n  %s\n", head, walk);
}

/* Where seat p's figure went, into walk: "figure b4 -> c3" or "figure stays
 * at b4", and why it stopped where that is not plain. A figure that sets
 * out from a cat card it came onto without a step stays, with the choice. */
static void tat_walk_text(char *walk, const json_t *before, const json_t *after, int p)
{
    const char *from = tat_figure(before, p), *to = tat_figure(after, p);
    bool moved = strcmp(from, to) != 0;
    if (moved)
        note_add(walk, "figure %s -> %s", from, to);
    else
        note_add(walk, "figure stays at %s", to);
    if (moved && strcmp(to, "exit") == 0)
        note_add(walk, " (out of the house)");
    else if (moved && tat_is_elevator_field(to))
        note_add(walk, " (an elevator field stops it)");
    else if (strcmp(json_text(after, "phase"), "cat") == 0 && json_int(after, "turn") == p)
        note_add(walk, " (a cat card: jump or walk)");
}

/* The final scoring, when the move filled the board. */
static void tat_print_final(FILE *out, const json_t *after)
{
    const json_t *final = json_object_get(after, "final");
    const json_t *needed = json_object_get(final, "needed");
    fprintf(out, "  board full, final scoring: every elevator card gives its steps to "
                 "both:\n  %d steps each; seat 0 needed %d, seat 1 needed %d; figures at %s "
                 "and %s\n", json_int(final, "steps"),
            (int)json_integer_value(json_array_get(needed, 0)),
            (int)json_integer_value(json_array_get(needed, 1)), tat_figure(after, 0),
            tat_figure(after, 1));
}

/* Whether the move filled the board and so ended in the final scoring. */
static bool tat_ends_in_final(const json_t *before, const json_t *after)
{
    return !json_is_null(json_object_get(after, "final"))
           && json_is_null(json_object_get(before, "final"));
}

/* A door card placed: its score part by part, and the walk it gave. */
static void tat_placement_note(FILE *out, const json_t *before, const json_t *after, int p,
                               const char *field)
{
    static const struct { const char *key, *label; } parts[] = {
        { "colour", "same colour" }, { "number", "same number" },
        { "ascending", "ascending" }, { "run", "run" },
        { "different", "different colours" }, { "elevator", "elevator card" },
    };
    const json_t *score = json_object_get(after, "last_score");
    int total = json_int(score, "total");
    char head[NOTE_SIZE] = "", walk[NOTE_SIZE] = "";
    note_add(head, "%d step%s", total, total == 1 ? "" : "s");
    const char *sep = " (";
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        int steps = json_int(score, parts[i].key);
        if (steps) {
            note_add(head, "%s%s %d", sep, parts[i].label, steps);
            sep = ", ";
        }
    }
    note_add(head, "%s", sep[0] == ',' ? ")" : "");
    if (total > 0 && json_is_true(json_object_get(before, "stopped")))
        note_add(head, ", lost: stopped at an elevator field this turn");
    else if (!tat_ends_in_final(before, after)) /* else the final note says where */
        tat_walk_text(walk, before, after, p);
    tat_print_note(out, head, walk);
    tat_check_elevator(after, tat_floor_of(field));
}

/* An elevator card laid: the steps it gave (what it counts, the prompt's
 * notes and the help say). */
static void tat_elevator_note(FILE *out, const json_t *before, const json_t *after, int p,
                              const char *text, const char *field)
{
    char name[16];
    snprintf(name, sizeof name, "%.*s", (int)(field - 1 - text), text);
    int type = tat_elevator_type(name), floor = tat_floor_of(field);
    if (type < 0 || floor < 0)
        return;
    int steps = tat_elevator_steps(json_object_get(after, "board"), type, floor);
    char head[NOTE_SIZE] = "", walk[NOTE_SIZE] = "";
    note_add(head, "%d step%s (%s on floor %c)", steps, steps == 1 ? "" : "s", name, field[1]);
    tat_walk_text(walk, before, after, p);
    tat_print_note(out, head, walk);
}

/* What a public move of seat p did (the text as the viewer sees it). */
static void tat_describe_move(FILE *out, const json_t *before, const json_t *after, int p,
                              const char *text)
{
    const char *at = strchr(text, '@');
    if (at && at[1] == 'e') {
        tat_elevator_note(out, before, after, p, text, at + 1);
    } else if (at) {
        tat_placement_note(out, before, after, p, at + 1);
    } else if (strcmp(text, "jump") == 0 || strcmp(text, "walk") == 0) {
        char walk[NOTE_SIZE] = "";
        tat_walk_text(walk, before, after, p);
        tat_print_note(out, walk, "");
    }
    /* The board fills with a door card, but the scoring waits for the
     * movement's end: it may follow a cat decision or a dropped card. */
    if (tat_ends_in_final(before, after))
        tat_print_final(out, after);
}

/* How often `name` occurs in `cards` (a list of texts), in its first `n`. */
static size_t count_in(const json_t *cards, const char *name, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n && i < json_array_size(cards); i++)
        count += strcmp(json_item_text(cards, i), name) == 0;
    return count;
}

/* The cards in the viewer's list `key` (hands, elevator_hands) after the
 * move that were not there before: the ones drawn with it. */
static void tat_print_drawn(FILE *out, const json_t *before, const json_t *after, int viewer,
                            const char *key)
{
    const json_t *had = json_array_get(json_object_get(before, key), (size_t)viewer);
    const json_t *has = json_array_get(json_object_get(after, key), (size_t)viewer);
    bool doors = strcmp(key, "hands") == 0;
    int drawn = 0;
    for (size_t i = 0; json_is_array(had) && i < json_array_size(has); i++) {
        const char *card = json_item_text(has, i);
        if (!card[0] || count_in(has, card, i + 1) <= count_in(had, card, SIZE_MAX))
            continue;
        if (doors)
            fprintf(out, "%s%s%s", drawn ? ", " : "  you drew ", card,
                    card[1] == '3' || card[1] == '7' ? "*" : "");
        else /* what it does: the notes at the next prompt */
            fprintf(out, "  you drew the elevator card %s\n", card);
        drawn++;
    }
    if (doors && drawn)
        fputc('\n', out);
}

static void tat_move_notes(FILE *out, const move_seen *m)
{
    json_t *root_before, *root_after;
    const json_t *before = observe_view(m->before, m->viewer, &root_before);
    const json_t *after = observe_view(m->after, m->viewer, &root_after);
    char text[64];
    if (before && after && br_state_move_to_text_view(m->before, m->move, m->viewer, text,
                                                      sizeof text, NULL) == BR_OK) {
        tat_describe_move(out, before, after, m->mover, text);
        if (m->tell_draws && m->viewer >= 0) {
            tat_print_drawn(out, before, after, m->viewer, "hands");
            tat_print_drawn(out, before, after, m->viewer, "elevator_hands");
        }
    }
    json_decref(root_before);
    json_decref(root_after);
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
/* Tsuro at the table */

/* Where a marker stands ("a1:0"), or its status ("out", "unplaced"). */
static void tsuro_marker_text(const json_t *marker, char *buf, size_t size)
{
    const char *status = json_text(marker, "status");
    if (strcmp(status, "on") == 0)
        snprintf(buf, size, "%s:%d", json_text(marker, "square"), json_int(marker, "point"));
    else
        snprintf(buf, size, "%s", status[0] ? status : "?");
}

/* How often tile `number` is in `hand` (a list of numbers). */
static size_t tsuro_count(const json_t *hand, json_int_t number)
{
    size_t count = 0;
    for (size_t i = 0; i < json_array_size(hand); i++)
        count += json_integer_value(json_array_get(hand, i)) == number;
    return count;
}

/* After a tile is placed: every marker its paths carried, and where to (the
 * placement's "score": who stays on the board); the tiles the viewer drew. */
static void tsuro_move_notes(FILE *out, const move_seen *m)
{
    json_t *root_before, *root_after;
    const json_t *before = observe_view(m->before, m->viewer, &root_before);
    const json_t *after = observe_view(m->after, m->viewer, &root_after);
    const json_t *was = json_object_get(before, "markers");
    const json_t *is = json_object_get(after, "markers");
    for (size_t p = 0; before && after && p < json_array_size(is); p++) {
        char from[32], to[32];
        tsuro_marker_text(json_array_get(was, p), from, sizeof from);
        tsuro_marker_text(json_array_get(is, p), to, sizeof to);
        if (strcmp(from, to) == 0 || strcmp(json_text(json_array_get(was, p), "status"), "on"))
            continue;
        char who[48];
        if ((int)p == m->viewer)
            snprintf(who, sizeof who, "your marker");
        else
            snprintf(who, sizeof who, "seat %zu's marker", p);
        if (strcmp(to, "out") == 0)
            fprintf(out, "  %s %s -> out\n", who, from);
        else
            fprintf(out, "  %s %s -> %s\n", who, from, to);
    }
    if (before && after && m->tell_draws && m->viewer >= 0) {
        const json_t *had = json_array_get(json_object_get(before, "hands"), (size_t)m->viewer);
        const json_t *has = json_array_get(json_object_get(after, "hands"), (size_t)m->viewer);
        int drawn = 0;
        for (size_t i = 0; json_is_array(had) && i < json_array_size(has); i++) {
            json_int_t t = json_integer_value(json_array_get(has, i));
            size_t earlier = 0;
            for (size_t k = 0; k < i; k++)
                earlier += json_integer_value(json_array_get(has, k)) == t;
            if (earlier + 1 <= tsuro_count(had, t))
                continue; /* held before */
            char pairs[32];
            fprintf(out, "%s%lld(%s)", drawn ? ", " : "  you drew ", (long long)t,
                    tsuro_tile_pairs((int)t, pairs, sizeof pairs));
            drawn++;
        }
        if (drawn)
            fputc('\n', out);
    }
    json_decref(root_before);
    json_decref(root_after);
}

void print_move_notes(FILE *out, const move_seen *m)
{
    if (m->mover >= 0 && is_game(br_state_game(m->before), "tuer-an-tuer"))
        tat_move_notes(out, m);
    else if (m->mover >= 0 && is_game(br_state_game(m->before), "tsuro"))
        tsuro_move_notes(out, m);
    else if (is_game(br_state_game(m->before), "tore-der-welt")) /* until play.c tells effects */
        print_tdw_move_effects(out, m);
}
