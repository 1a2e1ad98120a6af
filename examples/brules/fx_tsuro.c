/*
 * Tsuro's effects as lines (doc/games/tsuro.md, "Effects"): the square a
 * tile went on, where every marker it carried went, who is out and why,
 * the tiles the viewer drew (with their paths), the dragon tile.
 */
#include "brules.h"

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

/* A place {"square","point"} as "a1:0"; "?" for anything else. */
static const char *place_text(const json_t *place, char *buf, size_t size)
{
    if (json_is_object(place))
        snprintf(buf, size, "%s:%d", fx_text(place, "square"), fx_int(place, "point"));
    else
        snprintf(buf, size, "?");
    return buf;
}

/* Whether the effects put `seat` out of the game. */
static bool is_eliminated(const json_t *effects, int seat)
{
    size_t i;
    const json_t *effect;
    json_array_foreach(effects, i, effect)
        if (strcmp(fx_text(effect, "type"), "eliminated") == 0 && fx_int(effect, "seat") == seat)
            return true;
    return false;
}

/* "your marker a1:0 -> a2:1"; "-> out" for a marker the move put out (the
 * elimination line says why). */
static void print_marker_moved(FILE *out, const entry_seen *e, const json_t *effect)
{
    int seat = fx_int(effect, "seat");
    char who[32], from[32], to[32];
    fx_seat_of(e, seat, who, sizeof who);
    place_text(json_object_get(effect, "from"), from, sizeof from);
    if (is_eliminated(e->effects, seat))
        snprintf(to, sizeof to, "out");
    else
        place_text(json_object_get(effect, "to"), to, sizeof to);
    fprintf(out, "  %s marker %s -> %s\n", who, from, to);
}

static void print_eliminated(FILE *out, const entry_seen *e, const json_t *effect)
{
    char who[32], other[32];
    int returned = fx_int(effect, "returned");
    const char *reason = fx_text(effect, "reason");
    fprintf(out, "  %s %s out: ", fx_seat(e, fx_int(effect, "seat"), who, sizeof who),
            fx_int(effect, "seat") == e->viewer ? "are" : "is");
    fx_seat_of(e, fx_int(effect, "with"), other, sizeof other);
    if (strcmp(reason, "left_board") == 0)
        fputs("the path led off the board", out);
    else if (strcmp(reason, "head_on") == 0)
        fprintf(out, "met %s marker head-on", other);
    else if (strcmp(reason, "collision") == 0)
        fprintf(out, "ended on %s marker", other);
    else
        fputs(reason, out);
    if (returned > 0)
        fprintf(out, " (%d %s back into the pile)", returned, plural(returned, "tile", "tiles"));
    fputc('\n', out);
}

/* A tile the viewer may see: "you drew 11(0-1 2-7 3-5 4-6)" (the paths
 * as the view writes them); a hidden one is said by the entry's text. */
static void print_tile_drawn(FILE *out, const entry_seen *e, const json_t *effect)
{
    const char *tile = fx_text(effect, "tile");
    if (!tile[0] || strcmp(tile, "?") == 0)
        return;
    char who[32], pairs[32];
    fprintf(out, "  %s drew %s(%s)\n", fx_seat(e, fx_int(effect, "seat"), who, sizeof who), tile,
            tsuro_tile_pairs(atoi(tile), pairs, sizeof pairs));
}

static void print_dragon(FILE *out, const entry_seen *e, const json_t *effect)
{
    const json_t *from = json_object_get(effect, "from"), *to = json_object_get(effect, "to");
    char who[32];
    if (json_is_null(to)) {
        fputs("  the dragon tile goes back into the box\n", out);
        return;
    }
    fx_seat(e, (int)json_integer_value(to), who, sizeof who);
    if (json_is_null(from))
        fprintf(out, "  the dragon tile: %s, the first short of tiles (the pile is empty)\n", who);
    else
        fprintf(out, "  the dragon tile passes to %s (short of tiles)\n", who);
}

static void print_game_over(FILE *out, const json_t *effect)
{
    const char *reason = fx_text(effect, "reason");
    const json_t *winners = json_object_get(effect, "winners");
    fprintf(out, "  game over: %s; winner%s:",
            strcmp(reason, "one_marker_left") == 0   ? "one marker left"
            : strcmp(reason, "no_marker_left") == 0  ? "the last markers went out together"
            : strcmp(reason, "no_tiles_left") == 0   ? "no tiles left"
                                                     : reason,
            plural((int)json_array_size(winners), "", "s"));
    size_t i;
    const json_t *w;
    json_array_foreach(winners, i, w)
        fprintf(out, "%s seat %lld", i ? "," : "", (long long)json_integer_value(w));
    fputc('\n', out);
}

void print_effects_tsuro(FILE *out, const entry_seen *e)
{
    size_t i;
    const json_t *effect;
    json_array_foreach(e->effects, i, effect) {
        const char *type = fx_text(effect, "type");
        if (strcmp(type, "tile_placed") == 0)
            fprintf(out, "  tile %s on %s\n", fx_text(effect, "tile"), fx_text(effect, "square"));
        else if (strcmp(type, "marker_placed") == 0)
            continue; /* the move's text says where */
        else if (strcmp(type, "marker_moved") == 0)
            print_marker_moved(out, e, effect);
        else if (strcmp(type, "eliminated") == 0)
            print_eliminated(out, e, effect);
        else if (strcmp(type, "tile_drawn") == 0)
            print_tile_drawn(out, e, effect);
        else if (strcmp(type, "dragon_passed") == 0)
            print_dragon(out, e, effect);
        else if (strcmp(type, "game_over") == 0)
            print_game_over(out, effect);
        else
            print_effect_generic(out, effect);
    }
}
