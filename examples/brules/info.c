/*
 * brules list, brules info: what the registry says about the games (the
 * game's guide for people is in guide.c).
 */
#include "brules.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

static const cli_option help_only[] = {
    CLI_HELP_OPTION,
    { NULL, 0, false, 0 },
};

static const cli_command list_command = { "list", help_only, NULL, NULL };
static const cli_command info_command = { "info", help_only, "GAME", NULL };

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
    int status = cli_parse_command(&list_command, NULL, argc, argv, NULL);
    if (status >= 0)
        return status;
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

int cmd_info(int argc, char **argv)
{
    const char *name;
    int status = cli_parse_command(&info_command, NULL, argc, argv, &name);
    if (status >= 0)
        return status;
    const br_game *game = find_game(name);
    if (!game)
        return BRULES_EXIT_USAGE;
    br_state *state = new_state(game, NULL, &status);
    if (!state)
        return BRULES_EXIT_FAIL; /* the defaults must work: not the user's fault */

    printf("%s (%s)\n\n", br_game_title(game), br_game_name(game));
    print_wrapped(br_game_description(game), 0, 76);
    printf("\nplayers: %d-%d (default %d)\n", br_game_min_players(game),
           br_game_max_players(game), br_game_default_players(game));
    printf("move space with the default options: %zu moves (0..%zu), "
           "at most %zu legal at once\n",
           br_state_move_space(state), br_state_move_space(state) - 1,
           br_state_max_legal_moves(state));
    char *options = state_text(state, br_state_options, "options");
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
