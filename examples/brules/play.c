/*
 * brules play: people play in the terminal against bots, or bots play each
 * other.
 *
 * A person sees what their seat may see (br_state_render_view: other seats'
 * hidden cards are not shown) and the numbered legal moves before each of
 * their moves, and types a move's text or its number in the list. A bad
 * entry is answered with the library's reason and the question is asked
 * again. End of input at the prompt quits the game. The whole position,
 * hidden cards included, is shown when the game is over.
 *
 * After every turn, every entry the history gained is announced (the move,
 * and the chance outcomes br_state_apply() resolved with it): its text and
 * its effects as the seat whose view the screen shows saw them
 * (br_state_history_text_view(), br_state_history_effects_json(): a card
 * discarded face down reads "?", a ballot stays hidden until the reveal);
 * fx_print.c writes the effects. Under the moves at a prompt, guide.c adds
 * what the notation does not say (Tür an Tür: what each elevator card does;
 * Drunter & Drüber: the squares of each lay, the cards for a ballot).
 */
#include "brules.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_SEAT_ARGS 64

typedef struct play_config {
    const char *game_name;
    const char *options;
    int seats[MAX_SEAT_ARGS]; /* the people's seats (--seat) */
    int num_seats;
    bool all_bots;
    bot_spec bot;
    uint64_t seed;
    bool seed_given;
    const char *record_path;
} play_config;

/* One game at the table. */
typedef struct table {
    const br_game *game;
    br_state *state;
    char *initial_options;   /* canonical options of the first position */
    bool *human;             /* per seat: a person plays it */
    int num_humans;
    bool explicit_chance;    /* chance=explicit: people enter chance outcomes */
    int shown_seat;          /* whose view the screen shows; -1: a spectator's */
    br_bot *bot;
    size_t told;             /* history entries announced so far */
    size_t moves_made;       /* moves made at the table (the record takes the
                                state's history) */
    br_move *moves;          /* legal moves shown to the person */
    size_t capacity;
    size_t count;
    line_input *input;       /* the person's entries (libedit on a terminal) */
    bool echo_input;         /* input is not a terminal: show what was read */
    char date[16];           /* the day the game began (UTC), for the record */
} table;

typedef enum turn_result { TURN_MOVED, TURN_QUIT, TURN_FAILED } turn_result;

/* ------------------------------------------------------------------ */
/* Command line */

enum { OPT_OPTIONS = 'o', OPT_SEAT = 256, OPT_BOTS, OPT_BOT, OPT_SEED, OPT_RECORD };

static const cli_option play_options[] = {
    CLI_HELP_OPTION,
    { "options", 'o', true, OPT_OPTIONS },
    { "seat", 0, true, OPT_SEAT },
    { "bots", 0, false, OPT_BOTS },
    { "bot", 0, true, OPT_BOT },
    { "seed", 0, true, OPT_SEED },
    { "record", 0, true, OPT_RECORD },
    { NULL, 0, false, 0 },
};

static int take_play_option(void *settings, int id, const char *value)
{
    play_config *cfg = settings;
    long seat;
    switch (id) {
    case OPT_OPTIONS:
        cfg->options = value;
        break;
    case OPT_SEAT:
        if (!parse_long_in(value, 0, 1000, &seat))
            return usage_error("play", "--seat needs a seat number 0, 1, ..., not '%s'", value);
        if (cfg->num_seats == MAX_SEAT_ARGS)
            return usage_error("play", "too many --seat options");
        cfg->seats[cfg->num_seats++] = (int)seat;
        break;
    case OPT_BOTS:
        cfg->all_bots = true;
        break;
    case OPT_BOT: {
        char reason[256];
        if (!bot_spec_parse(value, &cfg->bot, reason, sizeof reason))
            return usage_error("play", "--bot %s: %s", value, reason);
        break;
    }
    case OPT_SEED:
        if (!parse_u64(value, &cfg->seed))
            return usage_error("play", "--seed needs a number 0..2^64-1, not '%s'", value);
        cfg->seed_given = true;
        break;
    case OPT_RECORD:
        cfg->record_path = value;
        break;
    }
    return -1;
}

static const cli_command play_command = { "play", play_options, "GAME", take_play_option };

/* Returns -1 to go on, otherwise the exit status. */
static int parse_play_args(int argc, char **argv, play_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    bot_spec_parse(PLAY_DEFAULT_BOT, &cfg->bot, NULL, 0);
    int status = cli_parse_command(&play_command, cfg, argc, argv, &cfg->game_name);
    if (status >= 0)
        return status;
    if (cfg->all_bots && cfg->num_seats > 0)
        return usage_error("play", "--bots and --seat exclude each other");
    return -1;
}

/* ------------------------------------------------------------------ */
/* The table */

static void table_free(table *t)
{
    br_state_free(t->state);
    free(t->initial_options);
    free(t->human);
    br_bot_free(t->bot);
    free(t->moves);
    line_input_free(t->input);
}

/* Seats the people; returns -1 to go on, otherwise the exit status. */
static int seat_people(table *t, const play_config *cfg)
{
    int n = br_state_num_players(t->state);
    t->human = calloc((size_t)n, sizeof *t->human);
    if (!t->human) {
        brules_error("out of memory");
        return BRULES_EXIT_FAIL;
    }
    if (!cfg->all_bots && cfg->num_seats == 0)
        t->human[0] = true;
    for (int i = 0; i < cfg->num_seats; i++) {
        if (cfg->seats[i] >= n)
            return usage_error("play", "--seat %d: the game has seats 0..%d", cfg->seats[i],
                               n - 1);
        t->human[cfg->seats[i]] = true;
    }
    t->shown_seat = -1;
    for (int p = 0; p < n; p++) {
        t->num_humans += t->human[p];
        if (t->human[p])
            t->shown_seat = p;
    }
    /* One person: always their view. Several: the view of the last prompt
     * (a spectator's until the first). No person: a spectator's. */
    if (t->num_humans > 1)
        t->shown_seat = -1;
    return -1;
}

/* Returns -1 to go on, otherwise the exit status. */
static int table_init(table *t, const play_config *cfg)
{
    memset(t, 0, sizeof *t);
    t->game = find_game(cfg->game_name);
    if (!t->game)
        return BRULES_EXIT_USAGE;
    uint64_t seed = cfg->seed_given ? cfg->seed : fresh_seed();
    int status;
    t->state = new_seeded_state(t->game, cfg->options, seed, &status);
    if (!t->state)
        return status;
    t->initial_options = state_text(t->state, br_state_options, "options");
    if (!t->initial_options)
        return BRULES_EXIT_FAIL;
    t->explicit_chance = options_say(t->initial_options, "chance", "explicit");
    if ((status = seat_people(t, cfg)) >= 0)
        return status;
    t->capacity = br_state_max_legal_moves(t->state);
    t->moves = malloc((t->capacity ? t->capacity : 1) * sizeof *t->moves);
    if (!t->moves) {
        brules_error("out of memory");
        return BRULES_EXIT_FAIL;
    }
    if (!(t->bot = bot_make(&cfg->bot, mix_seed(seed, 0xb075))))
        return BRULES_EXIT_FAIL;
    /* Entries made before the first turn (the deal, Die Tore der Welt's
     * first event card) are announced with it too: run_game starts there. */
    t->told = 0;
    if (t->num_humans > 0 && !(t->input = line_input_new()))
        return BRULES_EXIT_FAIL;
    t->echo_input = !isatty(STDIN_FILENO);
    time_t now = time(NULL);
    struct tm day;
    if (now == (time_t)-1 || !gmtime_r(&now, &day)
        || strftime(t->date, sizeof t->date, "%Y-%m-%d", &day) == 0)
        t->date[0] = '\0'; /* no clock: the record goes without a date */
    return -1;
}

static const char *seat_role(const table *t, int seat)
{
    if (!t->human[seat])
        return br_bot_kind(t->bot);
    return t->num_humans == 1 ? "you" : "person";
}

/* The options without the seed: with the seed a player could work out every
 * hidden card and every draw to come, so it is shown only at the end. */
static void print_public_options(const char *options)
{
    bool first = true;
    for (const char *item = options; *item;) {
        size_t len = strcspn(item, ",");
        if (strncmp(item, "seed=", 5) != 0) {
            printf("%s%.*s", first ? "" : ",", (int)len, item);
            first = false;
        }
        item += len + (item[len] == ',');
    }
}

static void print_header(const table *t)
{
    printf("%s (%s), options ", br_game_title(t->game), br_game_name(t->game));
    print_public_options(t->initial_options);
    putchar('\n');
    int n = br_state_num_players(t->state);
    for (int p = 0; p < n; p++)
        printf("%sseat %d: %s%s", p ? ", " : "", p, seat_role(t, p),
               t->human[p] ? "" : " bot");
    putchar('\n');
    if (t->num_humans == 1)
        puts("You see what your seat may see; everything is shown at the end.");
    else if (t->num_humans > 1)
        puts("Each person sees what their seat may see (look away when it is not your\n"
             "turn); everything is shown at the end.");
    if (t->num_humans > 0)
        puts("Type 'help' at the prompt for help.");
}

/* The seat whose view a person sees at a prompt for `player`: the seat
 * itself; for a chance outcome the only person's seat, or with several
 * people the spectator's view (-1), which shows only public information. */
static int viewing_seat(const table *t, int player)
{
    if (player != BR_PLAYER_CHANCE)
        return player;
    return t->num_humans > 1 ? -1 : t->shown_seat;
}

/* ------------------------------------------------------------------ */
/* A person's turn */

static void print_prompt_help(const table *t)
{
    puts("Enter a move as the list shows it, or its number in the list. A number\n"
         "alone always means the list's entry; everything else is read as a move.\n"
         "(A move whose text is itself a number is entered as =TEXT.)\n"
         "Commands: moves (list the legal moves), board (show what you may see),\n"
         "          help (this text), quit (end the game; end of input too).");
    if (line_input_is_editing(t->input))
        puts("Editing: the tab key completes a move or a command (twice: lists them);\n"
             "the arrow keys bring back earlier entries.");
    putchar('\n');
    print_game_help(stdout, t->game);
}

/* Lists the legal moves in numbered columns. */
static void print_moves(table *t)
{
    char text[128];
    int width = 1;
    for (size_t i = 0; i < t->count; i++) {
        int len = (int)strlen(move_text(t->state, t->moves[i], text, sizeof text));
        width = len > width ? len : width;
    }
    int number_width = t->count >= 100 ? 3 : t->count >= 10 ? 2 : 1;
    int cell = 2 + number_width + 2 + width;
    int columns = cell < 78 ? 78 / cell : 1;
    printf("legal moves (%zu):\n", t->count);
    for (size_t i = 0; i < t->count; i++) {
        bool last_in_row = (int)(i % (size_t)columns) == columns - 1 || i + 1 == t->count;
        printf("  %*zu) %-*s", number_width, i + 1, last_in_row ? 0 : width,
               move_text(t->state, t->moves[i], text, sizeof text));
        if (last_in_row)
            putchar('\n');
    }
}

/* Lists the legal moves of `state` into t->moves. */
static bool list_table_moves(table *t, const br_state *state)
{
    return list_legal_moves(state, t->moves, t->capacity, &t->count);
}

static bool is_plain_number(const char *text)
{
    return *text && strspn(text, "0123456789") == strlen(text);
}

/* Understands the person's entry as a move. A plain number is the move's
 * number in the list and nothing else, so that "3" cannot mean one move to
 * the person and another to a game whose notation reads numbers; "=TEXT"
 * is always a move's text. Explains what is wrong otherwise. */
static bool understand_move(table *t, const char *entry, br_move *out)
{
    if (is_plain_number(entry)) {
        long number;
        if (parse_long_in(entry, 1, (long)t->count, &number)) {
            *out = t->moves[number - 1];
            return true;
        }
        printf("no move %s in the list: the list has 1..%zu\n", entry, t->count);
        return false;
    }
    if (*entry == '=')
        entry++;
    br_move move;
    if (br_state_move_from_text(t->state, entry, &move) == BR_OK) {
        char reason[512] = "";
        if (br_state_check_move(t->state, move, reason, sizeof reason) == BR_OK) {
            *out = move;
            return true;
        }
        printf("illegal move '%s': %s\n", entry, reason);
        return false;
    }
    const char *parse_error = br_state_last_error(t->state);
    printf("not a move: %s\n(type 'moves' for the legal moves, 'help' for help)\n",
           parse_error[0] ? parse_error : "cannot read it");
    return false;
}

/* Removes blanks around the text in place. */
static char *trim(char *text)
{
    while (*text == ' ' || *text == '\t')
        text++;
    size_t len = strlen(text);
    while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t'))
        text[--len] = '\0';
    return text;
}

/* The commands at the prompt, for the tab key. */
static const char *const prompt_commands[] = { "board", "help", "moves", "quit" };
enum { NUM_PROMPT_COMMANDS = sizeof prompt_commands / sizeof prompt_commands[0] };

/* Gives the tab key the legal moves' texts and the commands. */
static bool offer_completions(table *t)
{
    size_t n = t->count + NUM_PROMPT_COMMANDS;
    char **texts = calloc(n, sizeof *texts);
    bool ok = texts != NULL;
    for (size_t i = 0; ok && i < t->count; i++) {
        char text[128];
        move_text(t->state, t->moves[i], text, sizeof text);
        ok = (texts[i] = malloc(strlen(text) + 1)) != NULL;
        if (ok)
            strcpy(texts[i], text);
    }
    for (size_t k = 0; ok && k < NUM_PROMPT_COMMANDS; k++)
        texts[t->count + k] = (char *)prompt_commands[k];
    ok = ok && line_input_set_words(t->input, (const char *const *)texts, n);
    for (size_t i = 0; texts && i < t->count; i++)
        free(texts[i]);
    free(texts);
    if (!ok)
        brules_error("out of memory");
    return ok;
}

/* The legal moves, and for Tsuro the pictures of the tiles to place. Some
 * choices are better told the game's way (Drunter & Drüber: a ballot is
 * composed from the cards, not picked from a list of up to 256). */
static void print_choices(table *t, int seat)
{
    if (print_game_choices(stdout, t->state, seat, t->moves, t->count))
        return;
    print_moves(t);
    print_tile_pictures(stdout, t->state, t->moves, t->count);
}

static turn_result human_turn(table *t, int player, br_move *out)
{
    if (!list_table_moves(t, t->state))
        return TURN_FAILED;
    int seat = viewing_seat(t, player);
    t->shown_seat = seat;
    putchar('\n');
    if (!print_view(stdout, t->state, seat))
        return TURN_FAILED;
    print_choices(t, seat);
    print_prompt_notes(stdout, t->state, seat);
    if (line_input_is_editing(t->input) && !offer_completions(t))
        return TURN_FAILED;
    char prompt[32];
    if (player == BR_PLAYER_CHANCE)
        snprintf(prompt, sizeof prompt, "chance outcome> ");
    else
        snprintf(prompt, sizeof prompt, "seat %d> ", player);
    for (;;) {
        char *line = line_input_read(t->input, prompt);
        if (!line) {
            puts("\n(end of input)");
            return TURN_QUIT;
        }
        char *entry = trim(line);
        if (t->echo_input)
            printf("%s\n", entry);
        if (!*entry)
            continue;
        if (strcmp(entry, "quit") == 0 || strcmp(entry, "q") == 0)
            return TURN_QUIT;
        if (strcmp(entry, "help") == 0 || strcmp(entry, "?") == 0) {
            print_prompt_help(t);
        } else if (strcmp(entry, "moves") == 0) {
            print_choices(t, seat);
        } else if (strcmp(entry, "board") == 0) {
            print_view(stdout, t->state, seat);
            print_prompt_notes(stdout, t->state, seat);
        } else if (understand_move(t, entry, out)) {
            return TURN_MOVED;
        }
    }
}

/* ------------------------------------------------------------------ */
/* The game */

static void announce(const table *t, int player, const char *text)
{
    if (player == BR_PLAYER_CHANCE)
        printf("chance: %s\n", text);
    else
        printf("seat %d (%s): %s\n", player, seat_role(t, player), text);
}

/* Whose view the announcements take: the one person's seat, or with several
 * people (or none) a spectator's, since the next person to look would read
 * what the last one drew or voted. */
static int announcing_seat(const table *t)
{
    return t->num_humans == 1 ? t->shown_seat : -1;
}

/* Announces every history entry since the last announcement: the move and
 * the chance outcomes resolved with it, each with its effects, as
 * announcing_seat() saw them when they happened. */
static bool announce_new_entries(table *t)
{
    /* A Drunter & Drüber game stalled past 2048 moves keeps only its last
     * ones; the history calls need it from move 0. Say so once, go on. */
    if (br_state_history_start(t->state) > 0) {
        if (t->told != SIZE_MAX)
            puts("(the game's history no longer starts at its first move: moves are not "
                 "announced any more)");
        t->told = SIZE_MAX;
        return true;
    }
    size_t count;
    br_status st = br_state_history(t->state, NULL, 0, &count);
    if (st != BR_OK && st != BR_ERR_BUFFER) {
        report_state_error("history", t->state, st);
        return false;
    }
    br_history_entry *entries = malloc((count ? count : 1) * sizeof *entries);
    if (!entries) {
        brules_error("out of memory");
        return false;
    }
    st = br_state_history(t->state, entries, count, &count);
    int viewer = announcing_seat(t);
    for (; st == BR_OK && t->told < count; t->told++) {
        char text[256];
        st = br_state_history_text_view(t->state, t->told, viewer, text, sizeof text, NULL);
        if (st != BR_OK)
            break;
        announce(t, entries[t->told].player, text);
        if (!print_entry_effects(stdout, t->state, t->told, entries[t->told].player, viewer)) {
            free(entries);
            return false;
        }
    }
    free(entries);
    if (st != BR_OK)
        report_state_error("history text", t->state, st);
    return st == BR_OK;
}

static turn_result next_turn(table *t)
{
    int player = br_state_current_player(t->state);
    bool chance = player == BR_PLAYER_CHANCE;
    br_move move;
    char text[128];
    /* With chance=explicit and people at the table, a person enters what
     * happened at the real table; otherwise the state's own generator
     * decides. */
    if (chance ? t->explicit_chance && t->num_humans > 0 : t->human[player]) {
        turn_result r = human_turn(t, player, &move);
        if (r != TURN_MOVED)
            return r;
        if (br_state_apply(t->state, move) != BR_OK) {
            brules_error("the library rejected '%s' after accepting it: %s",
                         move_text(t->state, move, text, sizeof text),
                         br_state_last_error(t->state));
            return TURN_FAILED;
        }
    } else if (!bot_take_turn(t->bot, t->state, &move, text, sizeof text)) {
        return TURN_FAILED;
    }
    t->moves_made++;
    return announce_new_entries(t) ? TURN_MOVED : TURN_FAILED;
}

/* Who played each seat, for the record's seat tags (doc/records.md):
 * "person" or "<bot> bot". */
static void seat_tag_value(const table *t, int seat, char *buf, size_t size)
{
    if (t->human[seat])
        snprintf(buf, size, "person");
    else
        snprintf(buf, size, "%s bot", br_bot_kind(t->bot));
}

enum { SEAT_TAG_SIZE = 16 };

/* The record's tags: seat<N> for every seat, then the date. `texts` holds
 * the keys and values (SEAT_TAG_SIZE bytes each, two per seat); returns the
 * number of tags. */
static size_t record_tags(const table *t, const char **tags, char *texts)
{
    int n = br_state_num_players(t->state);
    size_t count = 0;
    for (int p = 0; p < n; p++) {
        char *key = texts + (size_t)(2 * p) * SEAT_TAG_SIZE, *value = key + SEAT_TAG_SIZE;
        snprintf(key, SEAT_TAG_SIZE, "seat%d", p);
        seat_tag_value(t, p, value, SEAT_TAG_SIZE);
        tags[2 * count] = key;
        tags[2 * count + 1] = value;
        count++;
    }
    if (t->date[0]) {
        tags[2 * count] = "date";
        tags[2 * count + 1] = t->date;
        count++;
    }
    return count;
}

/* The record's text (br_record_write_state: the moves from the state's
 * history, chance outcomes included, and the tags) in memory to free();
 * NULL on failure (reported). */
static char *record_text(const table *t)
{
    int n = br_state_num_players(t->state);
    const char **tags = malloc((size_t)(2 * n + 2) * sizeof *tags);
    char *texts = malloc((size_t)(2 * n) * SEAT_TAG_SIZE);
    char err[512] = "", *text = NULL;
    br_status st = BR_ERR_NO_MEMORY;
    if (tags && texts) {
        size_t num_tags = record_tags(t, tags, texts), len = 0;
        st = br_record_write_state(t->state, tags, num_tags, NULL, 0, &len, err, sizeof err);
        if (st == BR_OK || st == BR_ERR_BUFFER) {
            text = malloc(len + 1);
            st = text ? br_record_write_state(t->state, tags, num_tags, text, len + 1, NULL, err,
                                              sizeof err)
                      : BR_ERR_NO_MEMORY;
        }
    }
    free(tags);
    free(texts);
    if (st != BR_OK) {
        brules_error("record: %s", err[0] ? err : br_status_string(st));
        free(text);
        return NULL;
    }
    return text;
}

static int write_record(const table *t, const char *path)
{
    char *text = record_text(t);
    if (!text)
        return BRULES_EXIT_FAIL;
    FILE *f = fopen(path, "w");
    bool ok = f && fputs(text, f) >= 0;
    ok = (f && fclose(f) == 0) && ok;
    free(text);
    if (!ok) {
        brules_error("cannot write the record to '%s'", path);
        return BRULES_EXIT_FAIL;
    }
    printf("record written to %s (%zu move%s)\n", path, t->moves_made,
           t->moves_made == 1 ? "" : "s");
    return BRULES_EXIT_OK;
}

static int run_game(table *t)
{
    if (!announce_new_entries(t))
        return BRULES_EXIT_FAIL;
    turn_result r = TURN_MOVED;
    while (r == TURN_MOVED && !br_state_is_terminal(t->state))
        r = next_turn(t);
    if (r == TURN_FAILED)
        return BRULES_EXIT_FAIL;
    putchar('\n');
    if (r == TURN_QUIT) {
        printf("game abandoned after %zu move%s\n", t->moves_made, t->moves_made == 1 ? "" : "s");
        /* The game is over for the table: the seed may be told now. */
        printf("options %s\n", t->initial_options);
        return BRULES_EXIT_OK;
    }
    if (!print_board(stdout, t->state))
        return BRULES_EXIT_FAIL;
    printf("game over after %zu move%s\n", t->moves_made, t->moves_made == 1 ? "" : "s");
    print_result(stdout, t->state);
    printf("options %s\n", t->initial_options);
    return BRULES_EXIT_OK;
}

int cmd_play(int argc, char **argv)
{
    play_config cfg;
    int status = parse_play_args(argc, argv, &cfg);
    if (status >= 0)
        return status;
    table t;
    status = table_init(&t, &cfg);
    if (status < 0) {
        print_header(&t);
        status = run_game(&t);
        if (cfg.record_path && status == BRULES_EXIT_OK)
            status = write_record(&t, cfg.record_path);
    }
    table_free(&t);
    return status;
}
