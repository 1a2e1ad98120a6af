/*
 * Drunter & Drüber's effects as lines (doc/games/drunter-und-drueber.md,
 * "Effects"): the squares a lay covers, what it covered, a path passing
 * under a bridge, the ballots (hidden until the reveal), the vote's result,
 * a tile given back, crews leaving, seats passed over and why, the pro
 * choice, the end with every seat's points.
 */
#include "brules.h"

#include <string.h>

#include <jansson.h>

/* Prints the texts of a JSON list, separated by `sep` ("none" when empty). */
static void print_list(FILE *out, const json_t *list, const char *sep)
{
    if (json_array_size(list) == 0) {
        fputs("none", out);
        return;
    }
    size_t i;
    const json_t *item;
    json_array_foreach(list, i, item) {
        const char *text = json_string_value(item);
        if (text)
            fprintf(out, "%s%s", i ? sep : "", text);
        else
            fprintf(out, "%s%lld", i ? sep : "", (long long)json_integer_value(item));
    }
}

static void print_propose(FILE *out, const entry_seen *e, const json_t *effect)
{
    char who[32];
    fprintf(out, "  %s %s %s (%s) over ", fx_seat(e, fx_int(effect, "seat"), who, sizeof who),
            fx_int(effect, "seat") == e->viewer ? "propose" : "proposes", fx_text(effect, "lay"),
            fx_text(effect, "tile"));
    print_list(out, json_object_get(effect, "squares"), " ");
    const json_t *toilets = json_object_get(effect, "toilets");
    fprintf(out, "; %s at ", json_array_size(toilets) == 1 ? "toilet" : "toilets");
    print_list(out, toilets, ", ");
    fputs(": a vote\n", out);
}

static void print_lay(FILE *out, const entry_seen *e, const json_t *effect)
{
    char who[32];
    fprintf(out, "  %s %s %s on ", fx_seat(e, fx_int(effect, "seat"), who, sizeof who),
            fx_int(effect, "seat") == e->viewer ? "lay" : "lays", fx_text(effect, "tile"));
    print_list(out, json_object_get(effect, "squares"), " ");
    if (json_object_get(effect, "bridge"))
        fprintf(out, " (bridge on %s)", fx_text(effect, "bridge"));
    fprintf(out, "; the crew moves to %s\n", fx_text(effect, "crew"));
}

/* One seat's ballot: its cards, "no cards" for `vote none`, or "hidden". */
static void print_ballot_cards(FILE *out, const json_t *ballot)
{
    if (json_is_string(ballot))
        fputs("hidden", out);
    else if (json_array_size(ballot) == 0)
        fputs("no cards", out);
    else
        print_list(out, ballot, " ");
}

static void print_ballot(FILE *out, const entry_seen *e, const json_t *effect)
{
    const json_t *ballot = json_object_get(effect, "ballot");
    char who[32];
    fx_seat(e, fx_int(effect, "seat"), who, sizeof who);
    /* A ballot the viewer may see is in the entry's text already. */
    if (json_is_string(ballot))
        fprintf(out, "  %s voted in secret (shown when all have voted)\n", who);
}

static void print_reveal(FILE *out, const entry_seen *e, const json_t *effect)
{
    fputs("  the ballots:", out);
    size_t i;
    const json_t *b;
    json_array_foreach(json_object_get(effect, "ballots"), i, b) {
        char who[32];
        fprintf(out, "%s %s ", i ? ";" : "", fx_seat(e, fx_int(b, "seat"), who, sizeof who));
        print_ballot_cards(out, json_object_get(b, "ballot"));
    }
    fputc('\n', out);
}

static void print_vote_result(FILE *out, const entry_seen *e, const json_t *effect)
{
    bool passed = json_is_true(json_object_get(effect, "passed"));
    char who[32];
    fprintf(out, "  vote result on %s %s: %d yes, %d no: %s",
            fx_seat_of(e, fx_int(effect, "seat"), who, sizeof who), fx_text(effect, "lay"), fx_int(effect, "yes"), fx_int(effect, "no"),
            passed ? "passed, the tile is laid" : "failed, the tile goes back");
    const json_t *jein_yes = json_object_get(effect, "jein_yes");
    if (json_array_size(jein_yes) > 0) {
        fputs(" (jein counted yes for seat ", out);
        print_list(out, jein_yes, ", ");
        fputc(')', out);
    }
    fputc('\n', out);
}

static void print_building_covered(FILE *out, const json_t *effect)
{
    int value = fx_int(effect, "value");
    fprintf(out, "  covers the %s on %s (%d %s, it scores nothing now)\n",
            fx_text(effect, "building"), fx_text(effect, "square"), value,
            plural(value, "point", "points"));
}

static void print_take_back(FILE *out, const entry_seen *e, const json_t *effect)
{
    char who[32];
    fprintf(out, "  %s goes back to %s; %s may not be proposed again until a tile is laid\n",
            fx_text(effect, "tile"), fx_seat(e, fx_int(effect, "seat"), who, sizeof who),
            fx_text(effect, "lay"));
}

static void print_reopened(FILE *out, const json_t *effect)
{
    fputs("  may be proposed again: ", out);
    print_list(out, json_object_get(effect, "lays"), ", ");
    fprintf(out, " (%s)\n", strcmp(fx_text(effect, "reason"), "tile-laid") == 0
                                ? "a tile was laid" : "the vote cards have changed");
}

static void print_skip(FILE *out, const entry_seen *e, const json_t *effect)
{
    const char *reason = fx_text(effect, "reason");
    char who[32];
    fx_seat(e, fx_int(effect, "seat"), who, sizeof who);
    fprintf(out, "  %s cannot lay and %s passed over: %s\n", who,
            fx_int(effect, "seat") == e->viewer ? "are" : "is",
            strcmp(reason, "voted-down") == 0 ? "the only lays were voted down"
            : strcmp(reason, "no-fit") == 0   ? "no tile in the hand fits an open path's end"
            : strcmp(reason, "no-tiles") == 0 ? "the hand is empty"
                                              : reason);
}

static void print_choice_due(FILE *out, const json_t *effect)
{
    const char *reason = fx_text(effect, "reason");
    fprintf(out, "  every seat now chooses the task card it scores with (%s)\n",
            strcmp(reason, "crew-out") == 0  ? "the first crew left the board"
            : strcmp(reason, "no-tile") == 0 ? "no tile in any hand fits some path"
            : strcmp(reason, "game-end") == 0 ? "nobody can lay"
                                              : reason);
}

static void print_choice(FILE *out, const entry_seen *e, const json_t *effect)
{
    char who[32];
    const char *card = fx_text(effect, "card");
    fx_seat(e, fx_int(effect, "seat"), who, sizeof who);
    if (strcmp(card, "?") == 0 || !card[0])
        fprintf(out, "  %s chose a task card in secret\n", who);
    else
        fprintf(out, "  %s chose task card %d: %s\n", who, fx_int(effect, "slot"), card);
}

static void print_end(FILE *out, const json_t *effect)
{
    const char *reason = fx_text(effect, "reason");
    fprintf(out, "  game over: %s; winner%s seat ",
            strcmp(reason, "crews-out") == 0 ? "every crew has left the board"
            : strcmp(reason, "no-lay") == 0  ? "nobody can lay"
                                             : reason,
            plural((int)json_array_size(json_object_get(effect, "winners")), "", "s"));
    print_list(out, json_object_get(effect, "winners"), ", ");
    fputc('\n', out);
    size_t i;
    const json_t *s;
    json_array_foreach(json_object_get(effect, "seats"), i, s) {
        int points = fx_int(s, "points"), left = fx_int(s, "cards_left");
        fprintf(out, "    seat %d: %s, %d %s", fx_int(s, "seat"), fx_text(s, "card"), points,
                plural(points, "point", "points"));
        if (json_object_get(s, "second_points")) {
            int second = fx_int(s, "second_points");
            fprintf(out, " (%d with the other task card)", second);
        }
        fprintf(out, ", %d vote %s left\n", left, plural(left, "card", "cards"));
    }
}

void print_effects_dud(FILE *out, const entry_seen *e)
{
    size_t i;
    const json_t *effect;
    json_array_foreach(e->effects, i, effect) {
        const char *type = fx_text(effect, "type");
        if (strcmp(type, "deal") == 0 || strcmp(type, "jein") == 0
            || strcmp(type, "building_card") == 0 || strcmp(type, "task_card") == 0)
            continue; /* the entry's text says it (or hides it) */
        if (strcmp(type, "hands_open") == 0)
            fputs("  every hand of tiles is laid open\n", out);
        else if (strcmp(type, "propose") == 0)
            print_propose(out, e, effect);
        else if (strcmp(type, "ballot") == 0)
            print_ballot(out, e, effect);
        else if (strcmp(type, "reveal") == 0)
            print_reveal(out, e, effect);
        else if (strcmp(type, "result") == 0)
            print_vote_result(out, e, effect);
        else if (strcmp(type, "lay") == 0)
            print_lay(out, e, effect);
        else if (strcmp(type, "under_bridge") == 0)
            fprintf(out, "  the %s passes under the %s bridge on %s\n",
                    fx_text(effect, "path"), fx_text(effect, "bridge_path"),
                    fx_text(effect, "square"));
        else if (strcmp(type, "building_covered") == 0)
            print_building_covered(out, effect);
        else if (strcmp(type, "toilet_covered") == 0)
            fprintf(out, "  covers the toilet on %s\n", fx_text(effect, "square"));
        else if (strcmp(type, "take_back") == 0)
            print_take_back(out, e, effect);
        else if (strcmp(type, "crew_out") == 0)
            fprintf(out, "  the %s crew leaves the board at %s\n", fx_text(effect, "path"),
                    fx_text(effect, "square"));
        else if (strcmp(type, "reopened") == 0)
            print_reopened(out, effect);
        else if (strcmp(type, "choice_due") == 0)
            print_choice_due(out, effect);
        else if (strcmp(type, "choice") == 0)
            print_choice(out, e, effect);
        else if (strcmp(type, "skip") == 0)
            print_skip(out, e, effect);
        else if (strcmp(type, "end") == 0)
            print_end(out, effect);
        else
            print_effect_generic(out, effect);
    }
}
