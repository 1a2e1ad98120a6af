/*
 * Die Tore der Welt: the game's entry in the registry (its vtable). The
 * rules are in rules.c, actions.c and events.c (tore_der_welt.h says why
 * three files), the notation in notation.c, snapshots in snapshot.c, the
 * observation, rendering and resampling in views.c, the designed tables in
 * content.c.
 */
#include "tore_der_welt.h"

static const char description[] =
    "Die Tore der Welt (Michael Rieneck and Stefan Stadler, 2009; \"World Without End\"): "
    "two to four players live through four chapters of six rounds in Kingsbridge. Each "
    "round the active player reveals an event, orients it to decide every seat's income "
    "and how far the favour marker moves, and then each seat plays one of its action cards "
    "(grain, piety, building material, building projects, wool and cloth sales, Privileg, "
    "houses, rent, donations, weaving, medicine, favour), from chapter II discarding "
    "another face down. The plague breaks out after chapter II; at every chapter end the "
    "seats owe piety, grain and a rolled tax, and shortfalls cost points and bring "
    "penalties that loyalty can redeem. The most victory points win. The 44 event cards, "
    "the favour track, projects, plots, plague and supplies are the project's own design.";

/* ------------------------------------------------------------------ */
/* The learning interface (doc: "Learning interface") */

static const char *const lasting_choices[] = {"two", "three", NULL};
static const char *const privilege_choices[] = {"used", "any", NULL};
static const char *const crest_choices[] = {"once", "twice", NULL};
static const char *const screens_choices[] = {"closed", "open", NULL};

/* The option table, the options' only description (internal.h, "Options
 * as data"): the common three, then the game's own keys (TDW_OPT_*). */
static const br_option_spec option_specs[] = {
    {"players", BR_OPTION_INTEGER, "2", 2, TDW_MAX_SEATS, NULL, "number of seats"},
    BR_SEED_OPTION_SPEC,
    {"chance", BR_OPTION_CHOICE, "auto", 0, 0, br_chance_choices,
     "resolve event draws, plague tiles, the tax die and penance draws from the seed (auto), "
     "or stop at each (explicit)"},
    {"lasting", BR_OPTION_CHOICE, "two", 0, 0, lasting_choices,
     "how many lasting events apply at once: a third sends the oldest to the box when it is "
     "revealed (two) or at the round's end (three)"},
    {"privilege", BR_OPTION_CHOICE, "used", 0, 0, privilege_choices,
     "Privileg repeats only a top card that was used (used), or also one laid unused (any)"},
    {"crest", BR_OPTION_CHOICE, "twice", 0, 0, crest_choices,
     "the start crest moves after each round and once more at the chapter end, 7 moves a "
     "chapter (twice), or the chapter end's move is round 6's (once)"},
    {"screens", BR_OPTION_CHOICE, "closed", 0, 0, screens_choices,
     "whether a seat sees the goods behind the other screens (closed or open)"},
};

/* The longest game of n seats, in moves with the chance outcomes (doc:
 * "Learning interface", where the argument is): 74 moves of the table
 * (24 events, 11 plague tiles, 4 tax rolls, 24 orientations, 11 extra
 * care moves of the Medizin card) and, per seat, 96 (3 penance draws,
 * 7 event decisions, 6 lasting trades, 24 plays or lays, 28 follow-up
 * moves, 15 discards, 12 redemptions, 1 hospital care). */
static uint32_t max_game_length(int n)
{
    return (uint32_t)(TDW_LENGTH_TABLE + TDW_LENGTH_PER_SEAT * n);
}

static void tdw_traits(const void *st, br_traits *out)
{
    const tdw *s = st;
    memset(out, 0, sizeof *out);
    out->max_game_length = max_game_length(s->num_players);
    out->has_chance = true;             /* the events, tiles, tax die and penance draws */
    out->has_hidden_information = true; /* the hands and face-down discards, always */
    out->tensor_rank = 1;
    out->tensor_shape[0] = tdw_tensor_size(s->num_players);
}

const struct br_game br_game_tore_der_welt = {
    .name = "tore-der-welt",
    .title = "Die Tore der Welt",
    .description = description,
    .state_size = sizeof(tdw),
    .legal_moves_bound = TDW_MAX_LEGAL,
    BR_GAME_ENTRIES(tdw),
    .setup = tdw_setup,
    .option_specs = option_specs,
    .num_option_specs = sizeof option_specs / sizeof option_specs[0],
    .history_capacity = TDW_LENGTH_TABLE + TDW_LENGTH_PER_SEAT * TDW_MAX_SEATS,
    .traits = tdw_traits,
    .hidden_move_classes = TDW_HIDDEN_MOVE_CLASSES,
    .bot_advice = tdw_bot_advice,
};
