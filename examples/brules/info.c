/*
 * brules list, brules info: what the registry says about the games (the
 * game's guide for people is in guide.c).
 */
#include "brules.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

static const cli_option json_only[] = {
    CLI_HELP_OPTION,
    CLI_JSON_OPTION,
    { NULL, 0, false, 0 },
};

static int take_json_option(void *json, int id, const char *value)
{
    (void)value;
    if (id == CLI_JSON_ID)
        *(bool *)json = true;
    return -1;
}

static const cli_command list_command = { "list", json_only, NULL, take_json_option };
static const cli_command info_command = { "info", json_only, "GAME", take_json_option };

/* A player count: brules list --json and brules info --json. */
static json_t *players_json(const br_game *g)
{
    return json_pack("{s:i, s:i, s:i}", "min", br_game_min_players(g), "max",
                     br_game_max_players(g), "default", br_game_default_players(g));
}

static int list_json(void)
{
    json_t *games = json_array();
    for (size_t i = 0; games && i < br_game_count(); i++) {
        const br_game *g = br_game_at(i);
        json_array_append_new(games, json_pack("{s:s, s:s, s:o}", "name", br_game_name(g),
                                               "title", br_game_title(g), "players",
                                               players_json(g)));
    }
    return print_json(json_pack("{s:o*}", "games", games)) ? BRULES_EXIT_OK
                                                            : BRULES_EXIT_FAIL;
}

/* Columns on a terminal: UTF-8 characters, not bytes ("Tür an Tür"). */
static int display_width(const char *text)
{
    int width = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        width += (*p & 0xC0) != 0x80;
    return width;
}

static void print_padded(const char *text, int width)
{
    printf("%s%*s", text, width - display_width(text), "");
}

int cmd_list(int argc, char **argv)
{
    bool json = false;
    int status = cli_parse_command(&list_command, &json, argc, argv, NULL);
    if (status >= 0)
        return status;
    if (json)
        return list_json();
    int name_width = 4, title_width = 5;
    for (size_t i = 0; i < br_game_count(); i++) {
        const br_game *g = br_game_at(i);
        int n = display_width(br_game_name(g)), t = display_width(br_game_title(g));
        name_width = n > name_width ? n : name_width;
        title_width = t > title_width ? t : title_width;
    }
    printf("%-*s  %-*s  %s\n", name_width, "name", title_width, "title", "players");
    for (size_t i = 0; i < br_game_count(); i++) {
        const br_game *g = br_game_at(i);
        print_padded(br_game_name(g), name_width + 2);
        print_padded(br_game_title(g), title_width + 2);
        printf("%d-%d\n", br_game_min_players(g), br_game_max_players(g));
    }
    return BRULES_EXIT_OK;
}

/* Prints `text` with words wrapped before column `width`, each line indented. */
static void print_wrapped(const char *text, int indent, int width)
{
    int column = 0;
    while (*text) {
        while (*text == ' ')
            text++;
        if (*text == '\n') { /* keep the text's own paragraph breaks */
            putchar('\n');
            column = 0;
            text++;
            continue;
        }
        size_t word = strcspn(text, " \n");
        if (word == 0)
            break;
        if (column > indent && column + 1 + (int)word > width) {
            putchar('\n');
            column = 0;
        }
        if (column == 0)
            column = printf("%*s", indent, "");
        else
            column += printf(" ");
        column += printf("%.*s", (int)word, text);
        text += word;
    }
    if (column > 0)
        putchar('\n');
}

/* Prints the options help with every line indented. */
static void print_indented(const char *text, const char *indent)
{
    while (*text) {
        size_t line = strcspn(text, "\n");
        printf("%s%.*s\n", indent, (int)line, text);
        text += line;
        if (*text == '\n')
            text++;
    }
}

static const char *option_kind_name(int kind)
{
    switch (kind) {
    case BR_OPTION_INTEGER:
        return "integer";
    case BR_OPTION_CHOICE:
        return "choice";
    case BR_OPTION_FLAG:
        return "flag";
    default:
        return "unknown";
    }
}

/* A bound of an integer option: a JSON number, or beyond 2^63-1 (which a
 * JSON parser may not hold exactly: the seed's 2^64-1) a string of digits. */
static json_t *bound_json(uint64_t value)
{
    if (value <= (uint64_t)INT64_MAX)
        return json_integer((json_int_t)value);
    char digits[24];
    snprintf(digits, sizeof digits, "%llu", (unsigned long long)value);
    return json_string(digits);
}

/* One option key as data (br_option_spec). */
static json_t *option_json(const br_option_spec *o)
{
    json_t *spec = json_pack("{s:s, s:s, s:s?}", "key", o->key, "kind",
                             option_kind_name(o->kind), "default", o->default_value);
    if (spec && o->kind == BR_OPTION_INTEGER) {
        json_object_set_new(spec, "min", bound_json(o->min));
        json_object_set_new(spec, "max", bound_json(o->max));
    }
    if (spec && o->kind == BR_OPTION_CHOICE) {
        json_t *choices = json_array();
        for (const char *const *c = o->choices; c && *c; c++)
            json_array_append_new(choices, json_string(*c));
        json_object_set_new(spec, "choices", choices);
    }
    if (spec)
        json_object_set_new(spec, "help", json_string(o->help ? o->help : ""));
    return spec;
}

/* brules info --json: what the text shows, as data. */
static int info_json(const br_game *game, const br_state *state, const char *options)
{
    json_t *specs = json_array();
    for (size_t i = 0; specs && i < br_game_option_count(game); i++)
        json_array_append_new(specs, option_json(br_game_option(game, i)));
    br_facts facts;
    memset(&facts, 0, sizeof facts);
    br_state_facts(state, &facts, sizeof facts);
    json_t *root = json_pack(
        "{s:s, s:s, s:s, s:o, s:s, s:I, s:I, s:b, s:b, s:I, s:o*, s:s}",
        "name", br_game_name(game), "title", br_game_title(game),
        "description", br_game_description(game), "players", players_json(game),
        "default_options", options, "move_space", (json_int_t)br_state_move_space(state),
        "max_legal_moves", (json_int_t)br_state_max_legal_moves(state),
        "has_chance", facts.has_chance != 0,
        "has_hidden_information", facts.has_hidden_information != 0,
        "max_game_length", (json_int_t)facts.max_game_length, "options", specs,
        "options_help", br_game_options_help(game));
    return print_json(root) ? BRULES_EXIT_OK : BRULES_EXIT_FAIL;
}

int cmd_info(int argc, char **argv)
{
    const char *name;
    bool json = false;
    int status = cli_parse_command(&info_command, &json, argc, argv, &name);
    if (status >= 0)
        return status;
    const br_game *game = find_game(name);
    if (!game)
        return BRULES_EXIT_USAGE;
    br_state *state = new_state(game, NULL, &status);
    if (!state)
        return BRULES_EXIT_FAIL; /* the defaults must work: not the user's fault */

    char *options = state_text(state, br_state_options, "options");
    if (json) {
        status = options ? info_json(game, state, options) : BRULES_EXIT_FAIL;
        free(options);
        br_state_free(state);
        return status;
    }
    printf("%s (%s)\n\n", br_game_title(game), br_game_name(game));
    print_wrapped(br_game_description(game), 0, 76);
    printf("\nplayers: %d-%d (default %d)\n", br_game_min_players(game),
           br_game_max_players(game), br_game_default_players(game));
    printf("move space with the default options: %zu moves (0..%zu), "
           "at most %zu legal at once\n",
           br_state_move_space(state), br_state_move_space(state) - 1,
           br_state_max_legal_moves(state));
    if (options)
        printf("default options: %s\n", options);
    printf("\noptions (-o key=value,key=value):\n");
    print_indented(br_game_options_help(game), "  ");
    printf("\nat the table ('brules play %s'; 'help' at its prompt shows this too):\n",
           br_game_name(game));
    if (!print_game_help(stdout, game))
        puts("(brules has no help of its own for this game)");
    free(options);
    br_state_free(state);
    return options ? BRULES_EXIT_OK : BRULES_EXIT_FAIL;
}
