/*
 * Tür an Tür's effects as lines (doc/games/tuer-an-tuer.md, "Effects"):
 * the steps a card gave, part by part, and where the figure went, on one
 * line ("11 steps (same colour 3, run 5); figure b4 -> c3"); cat offers,
 * jumps, the exchange, the cards drawn (named to their owner only), the
 * final scoring and the end.
 */
#include "brules.h"

#include <stdarg.h>
#include <string.h>

#include <jansson.h>

enum { LINE_SIZE = 200, LINE_WIDTH = 78 };

/* Appends to the text in buf (of LINE_SIZE bytes); cut short if too long. */
static void line_add(char *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void line_add(char *buf, const char *fmt, ...)
{
    size_t len = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, LINE_SIZE - len, fmt, ap);
    va_end(ap);
}

/* Prints "  HEAD; WALK", the walk on a line of its own when both do not fit. */
static void print_note(FILE *out, const char *head, const char *walk)
{
    if (!walk[0])
        fprintf(out, "  %s\n", head);
    else if (!head[0])
        fprintf(out, "  %s\n", walk);
    else if (2 + strlen(head) + 2 + strlen(walk) <= LINE_WIDTH)
        fprintf(out, "  %s; %s\n", head, walk);
    else
        fprintf(out, "  %s;\n  %s\n", head, walk);
}

static bool is_type(const json_t *effect, const char *type)
{
    return strcmp(fx_text(effect, "type"), type) == 0;
}

/* "figure b4 -> c3", and why it stopped there where that is not plain. */
static void walk_text(char *walk, const json_t *move, const json_t *cat)
{
    const char *to = fx_text(move, "to");
    line_add(walk, "figure %s -> %s", fx_text(move, "from"), to);
    if (strcmp(to, "exit") == 0)
        line_add(walk, " (out of the house)");
    else if (to[0] == 'e' && strlen(to) == 2)
        line_add(walk, " (an elevator field stops it)");
    if (cat)
        line_add(walk, " (a cat card: jump to %s, or walk on %d)", fx_text(cat, "target"),
                 fx_int(cat, "steps"));
}

/* The steps of a door card part by part: "11 steps (same colour 3, run 5)". */
static void door_steps_text(char *head, const json_t *steps)
{
    static const struct { const char *key, *label; } parts[] = {
        { "colour", "same colour" }, { "number", "same number" },
        { "ascending", "ascending" }, { "run", "run" },
        { "different", "different colours" }, { "elevator", "elevator card" },
    };
    const json_t *score = json_object_get(steps, "score");
    int total = fx_int(steps, "steps");
    line_add(head, "%d %s", total, plural(total, "step", "steps"));
    const char *sep = " (";
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        int n = fx_int(score, parts[i].key);
        if (n) {
            line_add(head, "%s%s %d", sep, parts[i].label, n);
            sep = ", ";
        }
    }
    line_add(head, "%s", sep[0] == ',' ? ")" : "");
    if (json_is_true(json_object_get(steps, "stopped")))
        line_add(head, ", lost: stopped at an elevator field this turn");
}

/* The effect of `type` for `seat` among effects[from..], before a `final`
 * (whose moves belong to the final scoring); NULL when there is none. */
static const json_t *find_effect(const json_t *effects, size_t from, const char *type, int seat)
{
    for (size_t i = from; i < json_array_size(effects); i++) {
        const json_t *effect = json_array_get(effects, i);
        if (is_type(effect, "final"))
            return NULL;
        if (is_type(effect, type) && fx_int(effect, "seat") == seat)
            return effect;
    }
    return NULL;
}

/* The steps a card gave with the figure's way: one line. `elevator` is
 * the card laid on an elevator field (NULL for a door card). */
static void print_steps(FILE *out, const json_t *effects, size_t i, const json_t *elevator)
{
    const json_t *steps = json_array_get(effects, i);
    int seat = fx_int(steps, "seat");
    char head[LINE_SIZE] = "", walk[LINE_SIZE] = "";
    if (elevator) {
        int n = fx_int(steps, "steps");
        const char *field = fx_text(elevator, "field");
        line_add(head, "%d %s (%s on floor %s)", n, plural(n, "step", "steps"),
                 fx_text(elevator, "card"), field[0] ? field + 1 : "?");
    } else {
        door_steps_text(head, steps);
    }
    const json_t *move = find_effect(effects, i + 1, "move", seat);
    if (move)
        walk_text(walk, move, find_effect(effects, i + 1, "cat", seat));
    print_note(out, head, walk);
    if (elevator && json_object_get(elevator, "replaced"))
        fprintf(out, "  it replaces %s, discarded face up\n", fx_text(elevator, "replaced"));
}

static void print_final(FILE *out, const json_t *effect)
{
    const json_t *needed = json_object_get(effect, "needed");
    fprintf(out, "  board full, final scoring: every elevator card gives its steps to "
                 "both:\n  %d steps each; seat 0 needed %d, seat 1 needed %d\n",
            fx_int(effect, "steps"), (int)json_integer_value(json_array_get(needed, 0)),
            (int)json_integer_value(json_array_get(needed, 1)));
}

static void print_end(FILE *out, const json_t *effect)
{
    const char *reason = fx_text(effect, "reason");
    const json_t *winners = json_object_get(effect, "winners");
    fprintf(out, "  game over (%s): ", strcmp(reason, "exit") == 0    ? "a figure left the house"
                                       : strcmp(reason, "final") == 0 ? "after the final scoring"
                                                                      : reason);
    if (json_array_size(winners) == 0)
        fputs("nobody wins\n", out);
    else if (json_array_size(winners) > 1)
        fputs("a draw\n", out);
    else
        fprintf(out, "seat %lld wins\n", (long long)json_integer_value(json_array_get(winners, 0)));
}

/* A card drawn: named to its owner ("you drew R6", "you drew the elevator
 * card pairs"), to the others only counted ("seat 1 drew a door card"). */
static void print_draw(FILE *out, const entry_seen *e, const json_t *effect)
{
    const char *card = fx_text(effect, "card"), *deck = fx_text(effect, "deck");
    bool elevator = strcmp(deck, "elevator") == 0;
    char who[32];
    fx_seat(e, fx_int(effect, "seat"), who, sizeof who);
    if (strcmp(card, "?") == 0 || !card[0])
        fprintf(out, "  %s drew %s card\n", who, elevator ? "an elevator" : "a door");
    else if (elevator)
        fprintf(out, "  %s drew the elevator card %s\n", who, card);
    else /* a 3 or a 7 shows a cat */
        fprintf(out, "  %s drew %s%s\n", who, card,
                card[1] == '3' || card[1] == '7' ? "*" : "");
}

static void print_exchange_end(FILE *out, const entry_seen *e, const json_t *effect)
{
    int cards = (int)json_array_size(json_object_get(effect, "cards"));
    int draws = fx_int(effect, "draws");
    char who[32];
    if (cards == 0)
        return; /* "done" at once: nothing to tell */
    fprintf(out, "  %s exchanged %d door %s\n", fx_seat(e, fx_int(effect, "seat"), who, sizeof who),
            cards, plural(cards, "card", "cards"));
    (void)draws; /* the draws follow, each in an entry of its own */
}

/* Whether effect i is told as part of an earlier line (a move or cat after
 * the steps that caused it). */
static bool told_with_steps(const json_t *effects, size_t i)
{
    const json_t *effect = json_array_get(effects, i);
    if (!is_type(effect, "move") && !is_type(effect, "cat"))
        return false;
    int seat = fx_int(effect, "seat");
    for (size_t k = i; k-- > 0;) {
        const json_t *before = json_array_get(effects, k);
        if (is_type(before, "final"))
            return false;
        if (is_type(before, "steps") && fx_int(before, "seat") == seat)
            return find_effect(effects, k + 1, fx_text(effect, "type"), seat) == effect;
    }
    return false;
}

/* The moves of the final scoring and those of a jump or walk. */
static void print_move(FILE *out, const entry_seen *e, const json_t *effect, bool final)
{
    char walk[LINE_SIZE] = "", who[32];
    walk_text(walk, effect, NULL);
    if (final) /* both figures move: say whose */
        fprintf(out, "  %s %s\n", fx_seat_of(e, fx_int(effect, "seat"), who, sizeof who), walk);
    else
        fprintf(out, "  %s\n", walk);
}

void print_effects_tat(FILE *out, const entry_seen *e)
{
    const json_t *effects = e->effects, *elevator = NULL;
    bool final = false, moved = false;
    for (size_t i = 0; i < json_array_size(effects); i++) {
        const json_t *effect = json_array_get(effects, i);
        const char *type = fx_text(effect, "type");
        if (told_with_steps(effects, i))
            continue;
        if (strcmp(type, "door") == 0 || strcmp(type, "exchange") == 0
            || strcmp(type, "drop") == 0) {
            continue; /* the move's text says it */
        } else if (strcmp(type, "elevator") == 0) {
            elevator = effect; /* told with its steps, which follow */
        } else if (strcmp(type, "steps") == 0) {
            print_steps(out, effects, i, strcmp(fx_text(effect, "source"), "elevator") == 0
                                             ? elevator : NULL);
        } else if (strcmp(type, "move") == 0 || strcmp(type, "jump") == 0) {
            print_move(out, e, effect, final);
            moved = true;
        } else if (strcmp(type, "cat") == 0) {
            fprintf(out, "  a cat card at %s: jump to %s, or walk on %d\n", fx_text(effect, "at"),
                    fx_text(effect, "target"), fx_int(effect, "steps"));
        } else if (strcmp(type, "draw") == 0) {
            print_draw(out, e, effect);
        } else if (strcmp(type, "exchange_end") == 0) {
            print_exchange_end(out, e, effect);
        } else if (strcmp(type, "final") == 0) {
            print_final(out, effect);
            final = true;
        } else if (strcmp(type, "end") == 0) {
            print_end(out, effect);
        } else {
            print_effect_generic(out, effect);
        }
    }
    /* A walk or jump that did not move the figure still gets its line. */
    char text[32];
    if (!moved && e->mover >= 0
        && br_state_history_text_view(e->state, e->index, e->viewer, text, sizeof text, NULL)
               == BR_OK
        && (strcmp(text, "walk") == 0 || strcmp(text, "jump") == 0))
        fputs("  figure stays where it is\n", out);
}
