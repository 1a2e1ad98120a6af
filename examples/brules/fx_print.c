/*
 * What each move did, told as short lines (`brules play`): the effects of
 * a history entry (br_state_history_effects_json(), in the vocabulary of
 * doc/games/<game>.md, "Effects") as the seat whose view the screen shows
 * may see them. The library decides what that seat may see, so nothing
 * printed here can give away a hidden card.
 *
 * One printer per game, in one table; a game without a printer, and any
 * effect a printer does not know, is printed generically ("type: key=value,
 * ..."), so that a new effect type in the library shows up instead of
 * vanishing or crashing the host.
 */
#include "brules.h"

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

/* The printers by game name. */
const effects_printer_entry effects_printers[] = {
    { "tsuro", print_effects_tsuro },
    { "tuer-an-tuer", print_effects_tat },
    { "drunter-und-drueber", print_effects_dud },
    { "tore-der-welt", print_effects_tdw },
};
const size_t num_effects_printers = sizeof effects_printers / sizeof effects_printers[0];

effects_printer effects_printer_for(const br_game *game)
{
    const char *name = game ? br_game_name(game) : "";
    for (size_t i = 0; i < num_effects_printers; i++)
        if (strcmp(effects_printers[i].game, name) == 0)
            return effects_printers[i].print;
    return print_effects_generic;
}

/* ------------------------------------------------------------------ */
/* Helpers */

const char *fx_text(const json_t *object, const char *key)
{
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "";
}

int fx_int(const json_t *object, const char *key)
{
    return (int)json_integer_value(json_object_get(object, key));
}

/* A seat as the viewer reads it: their own seat as SELF ("you"/"your"),
 * another as "seat N" followed by OTHER_SUFFIX ("" or "'s"). */
static const char *seat_words(const entry_seen *e, int seat, const char *self,
                              const char *other_suffix, char *buf, size_t size)
{
    if (seat == e->viewer && seat >= 0)
        snprintf(buf, size, "%s", self);
    else
        snprintf(buf, size, "seat %d%s", seat, other_suffix);
    return buf;
}

const char *fx_seat(const entry_seen *e, int seat, char *buf, size_t size)
{
    return seat_words(e, seat, "you", "", buf, size);
}

const char *fx_seat_of(const entry_seen *e, int seat, char *buf, size_t size)
{
    return seat_words(e, seat, "your", "'s", buf, size);
}

const char *plural(int count, const char *one, const char *many)
{
    return count == 1 ? one : many;
}

/* ------------------------------------------------------------------ */
/* The generic printer */

/* A member's value in one short piece: texts bare, the rest as compact JSON. */
static void print_value(FILE *out, const json_t *value)
{
    if (json_is_string(value)) {
        fputs(json_string_value(value), out);
        return;
    }
    char *text = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
    fputs(text ? text : "?", out);
    free(text);
}

void print_effect_generic(FILE *out, const json_t *effect)
{
    const char *type = json_is_object(effect) ? fx_text(effect, "type") : "";
    fprintf(out, "  %s:", type[0] ? type : "effect");
    if (!json_is_object(effect)) {
        fputc(' ', out);
        print_value(out, effect);
        fputc('\n', out);
        return;
    }
    const char *key;
    json_t *value;
    const char *sep = " ";
    json_object_foreach((json_t *)effect, key, value) {
        if (strcmp(key, "type") == 0)
            continue;
        fprintf(out, "%s%s=", sep, key);
        print_value(out, value);
        sep = ", ";
    }
    fputc('\n', out);
}

void print_effects_generic(FILE *out, const entry_seen *e)
{
    size_t i;
    const json_t *effect;
    json_array_foreach(e->effects, i, effect)
        print_effect_generic(out, effect);
}

/* ------------------------------------------------------------------ */
/* One entry */

/* The effects JSON of the entry, in memory to free(); NULL on failure
 * (reported). */
static char *entry_effects_text(const br_state *state, size_t index, int viewer)
{
    size_t len = 0;
    br_status st = br_state_history_effects_json(state, index, viewer, NULL, 0, &len);
    char *text = NULL;
    if (st == BR_OK || st == BR_ERR_BUFFER) {
        text = malloc(len + 1);
        st = text ? br_state_history_effects_json(state, index, viewer, text, len + 1, NULL)
                  : BR_ERR_NO_MEMORY;
    }
    if (st != BR_OK) {
        report_state_error("history effects", state, st);
        free(text);
        return NULL;
    }
    return text;
}

bool print_entry_effects(FILE *out, const br_state *state, size_t index, int mover, int viewer)
{
    char *text = entry_effects_text(state, index, viewer);
    if (!text)
        return false;
    json_error_t error;
    json_t *effects = json_loads(text, 0, &error);
    free(text);
    if (!json_is_array(effects)) {
        brules_error("history effects: not a JSON array (%s)", error.text);
        json_decref(effects);
        return false;
    }
    entry_seen e = { state, index, mover, viewer, effects };
    effects_printer_for(br_state_game(state))(out, &e);
    json_decref(effects);
    return true;
}
