/*
 * brules selfplay: bots play many games; wins per seat, how the games ended
 * (one winner, a shared win, every seat winning, nobody winning) and the
 * length of the games are counted. The winners come from
 * br_state_winners(), which, unlike the returns, tells a win of every seat
 * from a game nobody won.
 */
#include "brules.h"

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

enum { MAX_BOTS = 16 };

typedef struct selfplay_config {
    const char *game_name;
    const char *options;
    long games;
    uint64_t seed;
    bot_spec bots[MAX_BOTS];  /* --bot: one for every seat; --bots: a lineup */
    int num_bots;
    bool rotate;              /* --bots: the lineup's seats turn from game to game */
    bool show;
    bool json;
} selfplay_config;

typedef struct selfplay_stats {
    int num_players;
    uint64_t *wins;        /* per seat; a shared win counts for every winner */
    int *is_winner;        /* per seat, for the game being counted */
    uint64_t one_winner;   /* games with exactly one winner */
    uint64_t some_share;   /* games won by several seats, not by all */
    uint64_t all_share;    /* games won by every seat (returns all 0) */
    uint64_t no_winner;    /* games nobody won (returns all 0) */
    uint64_t games;
    uint64_t moves;        /* moves the host applied (with explicit chance outcomes) */
    uint64_t all_moves;    /* br_state_move_number(): auto chance outcomes too */
    uint64_t shortest;
    uint64_t longest;
    char *first_options;   /* canonical options of the first game */
    uint64_t wins_by_bot[MAX_BOTS];  /* per distinct bot of the lineup (label_of) */
    uint64_t seats_by_bot[MAX_BOTS]; /* seats it played, over all games */
} selfplay_stats;

enum { OPT_GAMES = 'n', OPT_OPTIONS = 'o', OPT_SEED = 256, OPT_BOT, OPT_BOTS, OPT_SHOW };

static const cli_option selfplay_options[] = {
    CLI_HELP_OPTION,
    { "games", 'n', true, OPT_GAMES },
    { "options", 'o', true, OPT_OPTIONS },
    { "seed", 0, true, OPT_SEED },
    { "bot", 0, true, OPT_BOT },
    { "bots", 0, true, OPT_BOTS },
    { "show", 0, false, OPT_SHOW },
    CLI_JSON_OPTION,
    { NULL, 0, false, 0 },
};

/* --bots KIND1,KIND2,...: each entry KIND[:OPTIONS]; the options of one
 * entry are separated by '+' here, as the commas separate the entries
 * ("ismcts:iterations=200+c=1,planner"). */
static int take_bot_list(selfplay_config *cfg, const char *list)
{
    cfg->num_bots = 0;
    cfg->rotate = true;
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        char entry[sizeof cfg->bots[0].text], reason[256];
        if (cfg->num_bots == MAX_BOTS || n >= sizeof entry)
            return usage_error("selfplay", "--bots: at most %d bots of at most %zu characters",
                               MAX_BOTS, sizeof entry - 1);
        memcpy(entry, p, n);
        entry[n] = '\0';
        for (char *c = entry; *c; c++)
            *c = *c == '+' ? ',' : *c;
        if (!bot_spec_parse(entry, &cfg->bots[cfg->num_bots], reason, sizeof reason))
            return usage_error("selfplay", "--bots %s: %s", entry, reason);
        memcpy(entry, p, n); /* the label keeps the '+' of the command line */
        entry[n] = '\0';
        snprintf(cfg->bots[cfg->num_bots].text, sizeof cfg->bots[0].text, "%s", entry);
        cfg->num_bots++;
        p = comma ? comma + 1 : p + n;
    }
    if (cfg->num_bots == 0)
        return usage_error("selfplay", "--bots needs a list of bots, e.g. ismcts,planner");
    return -1;
}

static int take_selfplay_option(void *settings, int id, const char *value)
{
    selfplay_config *cfg = settings;
    switch (id) {
    case OPT_GAMES:
        if (!parse_long_in(value, 1, 1000000000L, &cfg->games))
            return usage_error("selfplay", "-n needs a number of games >= 1, not '%s'", value);
        break;
    case OPT_OPTIONS:
        cfg->options = value;
        break;
    case OPT_SEED:
        if (!parse_u64(value, &cfg->seed))
            return usage_error("selfplay", "--seed needs a number 0..2^64-1, not '%s'", value);
        break;
    case OPT_BOT: {
        char reason[256];
        if (!bot_spec_parse(value, &cfg->bots[0], reason, sizeof reason))
            return usage_error("selfplay", "--bot %s: %s", value, reason);
        cfg->num_bots = 1;
        cfg->rotate = false;
        break;
    }
    case OPT_BOTS:
        return take_bot_list(cfg, value);
    case OPT_SHOW:
        cfg->show = true;
        break;
    case CLI_JSON_ID:
        cfg->json = true;
        break;
    }
    return -1;
}

static const cli_command selfplay_command = { "selfplay", selfplay_options, "GAME",
                                              take_selfplay_option };

/* Returns -1 to go on, otherwise the exit status. */
static int parse_selfplay_args(int argc, char **argv, selfplay_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->games = 100;
    cfg->seed = 1;
    bot_spec_parse("random", &cfg->bots[0], NULL, 0);
    cfg->num_bots = 1;
    int status = cli_parse_command(&selfplay_command, cfg, argc, argv, &cfg->game_name);
    if (status < 0 && cfg->show && cfg->json)
        return usage_error("selfplay", "--show and --json exclude each other");
    return status;
}

/* The first entry of the lineup with the same text as `entry`: the bot's
 * row in the statistics (the same bot twice in a lineup is one row). */
static int label_of(const selfplay_config *cfg, int entry)
{
    for (int e = 0; e < entry; e++)
        if (strcmp(cfg->bots[e].text, cfg->bots[entry].text) == 0)
            return e;
    return entry;
}

/* ------------------------------------------------------------------ */

static bool stats_start(selfplay_stats *stats, const br_state *first)
{
    stats->num_players = br_state_num_players(first);
    stats->wins = calloc((size_t)stats->num_players, sizeof *stats->wins);
    stats->is_winner = calloc((size_t)stats->num_players, sizeof *stats->is_winner);
    stats->first_options = state_text(first, br_state_options, "options");
    stats->shortest = UINT64_MAX;
    if (!stats->wins || !stats->is_winner)
        brules_error("out of memory");
    return stats->wins && stats->is_winner && stats->first_options;
}

static bool stats_add(selfplay_stats *stats, const br_state *end, uint64_t moves)
{
    int n = stats->num_players;
    int winners = count_winners(end, stats->is_winner);
    if (winners < 0)
        return false;
    for (int p = 0; p < n; p++)
        stats->wins[p] += stats->is_winner[p] != 0;
    if (winners == 0)
        stats->no_winner++;
    else if (winners == n)
        stats->all_share++;
    else if (winners > 1)
        stats->some_share++;
    else
        stats->one_winner++;
    stats->games++;
    stats->moves += moves;
    stats->all_moves += br_state_move_number(end);
    stats->shortest = moves < stats->shortest ? moves : stats->shortest;
    stats->longest = moves > stats->longest ? moves : stats->longest;
    return true;
}

static void print_count_row(const char *label, uint64_t count, uint64_t games)
{
    printf("%-26s %8llu  %5.1f%%\n", label, (unsigned long long)count,
           100.0 * (double)count / (double)games);
}

/* Wins per bot of the lineup: of the seats it played, how many it won. */
static void print_bot_rows(const selfplay_stats *stats, const selfplay_config *cfg)
{
    printf("\n%-24s %8s %8s  %6s\n", "bot", "seats", "wins", "share");
    for (int e = 0; e < cfg->num_bots; e++) {
        if (label_of(cfg, e) != e)
            continue;
        uint64_t seats = stats->seats_by_bot[e];
        printf("%-24s %8llu %8llu  %5.1f%%\n", cfg->bots[e].text, (unsigned long long)seats,
               (unsigned long long)stats->wins_by_bot[e],
               seats ? 100.0 * (double)stats->wins_by_bot[e] / (double)seats : 0.0);
    }
}

static void stats_print(const selfplay_stats *stats, const selfplay_config *cfg,
                        bool seeded_by_options)
{
    if (cfg->rotate) {
        printf("%s: %llu games, bots", cfg->game_name, (unsigned long long)stats->games);
        for (int e = 0; e < cfg->num_bots; e++)
            printf("%s %s", e ? "," : "", cfg->bots[e].text);
        printf(" (seats rotated)\n");
    } else {
        printf("%s: %llu games, %s bots\n", cfg->game_name, (unsigned long long)stats->games,
               cfg->bots[0].text);
    }
    printf("options: %s", stats->first_options);
    if (seeded_by_options)
        printf(" (in every game)\n");
    else
        printf(" (game i: seed=%llu+i)\n", (unsigned long long)cfg->seed);
    printf("\nseat      wins   share   (a shared win counts for every winner)\n");
    for (int p = 0; p < stats->num_players; p++)
        printf("%4d  %8llu  %5.1f%%\n", p, (unsigned long long)stats->wins[p],
               100.0 * (double)stats->wins[p] / (double)stats->games);
    if (cfg->rotate)
        print_bot_rows(stats, cfg);
    printf("\n%-26s %8s  %6s\n", "outcome", "games", "share");
    print_count_row("one winner", stats->one_winner, stats->games);
    /* With two seats a shared win is a win of every seat. */
    if (stats->num_players > 2)
        print_count_row("win shared by some seats", stats->some_share, stats->games);
    print_count_row("win shared by every seat", stats->all_share, stats->games);
    print_count_row("no winner", stats->no_winner, stats->games);
    printf("draws (all returns 0): %llu games = every seat won %llu + nobody won %llu\n",
           (unsigned long long)(stats->all_share + stats->no_winner),
           (unsigned long long)stats->all_share, (unsigned long long)stats->no_winner);
    double games = (double)stats->games;
    printf("average length: %.1f moves (shortest %llu, longest %llu)\n",
           (double)stats->moves / games, (unsigned long long)stats->shortest,
           (unsigned long long)stats->longest);
    if (stats->all_moves != stats->moves)
        printf("average length with the chance outcomes: %.1f moves\n",
               (double)stats->all_moves / games);
}

/* --bots: "wins_by_bot" and "seats_by_bot", objects keyed by the bots. */
static void add_bot_json(json_t *root, const selfplay_stats *stats, const selfplay_config *cfg)
{
    json_t *wins = json_object(), *seats = json_object();
    for (int e = 0; e < cfg->num_bots; e++) {
        if (label_of(cfg, e) != e)
            continue;
        json_object_set_new(wins, cfg->bots[e].text,
                            json_integer((json_int_t)stats->wins_by_bot[e]));
        json_object_set_new(seats, cfg->bots[e].text,
                            json_integer((json_int_t)stats->seats_by_bot[e]));
    }
    json_object_set_new(root, "wins_by_bot", wins);
    json_object_set_new(root, "seats_by_bot", seats);
}

/* The statistics as one JSON object (brules selfplay --json). */
static bool stats_print_json(const selfplay_stats *stats, const selfplay_config *cfg,
                             bool seeded_by_options, bool stopped)
{
    json_t *wins = json_array();
    for (int p = 0; wins && p < stats->num_players; p++)
        json_array_append_new(wins, json_integer((json_int_t)stats->wins[p]));
    double games = stats->games ? (double)stats->games : 1;
    char bot_label[MAX_BOTS * sizeof cfg->bots[0].text];
    size_t used = 0;
    for (int e = 0; e < cfg->num_bots; e++)
        used += (size_t)snprintf(bot_label + used, sizeof bot_label - used, "%s%s",
                                 e ? "," : "", cfg->bots[e].text);
    json_t *root = json_pack(
        "{s:s, s:I, s:I, s:b, s:s, s:s?, s:o*, s:I, s:o, s:{s:I, s:I, s:I, s:I}, s:I,"
        " s:{s:f, s:I, s:I, s:f}}",
        "game", cfg->game_name, "games", (json_int_t)stats->games,
        "games_requested", (json_int_t)cfg->games, "interrupted", stopped,
        "bot", bot_label, "options", stats->first_options,
        "first_seed", seeded_by_options ? json_null() : json_integer((json_int_t)cfg->seed),
        "players", (json_int_t)stats->num_players, "wins", wins,
        "outcomes", "one_winner", (json_int_t)stats->one_winner,
        "shared_by_some", (json_int_t)stats->some_share,
        "shared_by_all", (json_int_t)stats->all_share,
        "no_winner", (json_int_t)stats->no_winner,
        "draws", (json_int_t)(stats->all_share + stats->no_winner),
        "length", "average", (double)stats->moves / games,
        "shortest", (json_int_t)(stats->games ? stats->shortest : 0),
        "longest", (json_int_t)stats->longest,
        "average_with_chance", (double)stats->all_moves / games);
    if (root && cfg->rotate)
        add_bot_json(root, stats, cfg);
    return print_json(root);
}

static void stats_free(selfplay_stats *stats)
{
    free(stats->wins);
    free(stats->is_winner);
    free(stats->first_options);
}

/* ------------------------------------------------------------------ */

/* The progress line: a bar, the games played, the rate and the time left. */
static void show_progress(progress *bar, long done, long total)
{
    enum { BAR = 20 };
    int filled = (int)((long long)done * BAR / total);
    double seconds = now_seconds() - bar->start;
    double rate = seconds > 0 ? (double)done / seconds : 0;
    char left[32];
    progress_line(bar, done == total, "[%.*s%.*s] %ld/%ld games  %.0f games/s  %s left",
                  filled, "####################", BAR - filled, "--------------------",
                  done, total, rate,
                  rate > 0 ? format_duration((double)(total - done) / rate, left, sizeof left)
                           : "?");
}

/* The lineup entry that plays `seat` in game `index` of n seats: with
 * --bots the seats turn by one from game to game, so that over n games
 * every entry plays every seat once. */
static int entry_of_seat(const selfplay_config *cfg, long index, int seat, int n)
{
    if (!cfg->rotate)
        return 0;
    return (int)(((long)seat + index) % n) % cfg->num_bots;
}

static void count_bots(selfplay_stats *stats, const selfplay_config *cfg, long index)
{
    for (int p = 0; cfg->rotate && p < stats->num_players; p++) {
        int label = label_of(cfg, entry_of_seat(cfg, index, p, stats->num_players));
        stats->seats_by_bot[label]++;
        stats->wins_by_bot[label] += stats->is_winner[p] != 0;
    }
}

/* The bots of game `index`, one per seat (with --bot one for all, as the
 * seats shared it before --bots); false on failure (reported). */
static bool make_bots(br_bot **bots, int n, const selfplay_config *cfg, long index)
{
    uint64_t seed = mix_seed(cfg->seed, (uint64_t)index);
    for (int p = 0; p < n; p++) {
        if (!cfg->rotate && p > 0) {
            bots[p] = bots[0];
            continue;
        }
        uint64_t own = cfg->rotate ? mix_seed(seed, (uint64_t)p + 1) : seed;
        bots[p] = bot_make(&cfg->bots[entry_of_seat(cfg, index, p, n)], own);
        if (!bots[p])
            return false;
    }
    return true;
}

static void free_bots(br_bot **bots, int n, const selfplay_config *cfg)
{
    for (int p = 0; p < n; p++)
        if (cfg->rotate || p == 0)
            br_bot_free(bots[p]);
}

/* Plays game number `index`; returns -1 to go on, otherwise the exit status. */
static int play_one(const br_game *game, const selfplay_config *cfg, long index,
                    selfplay_stats *stats)
{
    int status;
    br_state *state = new_seeded_state(game, cfg->options, cfg->seed + (uint64_t)index,
                                       &status);
    if (!state)
        return status;
    int n = br_state_num_players(state);
    br_bot **bots = calloc((size_t)n, sizeof *bots);
    bool ok = bots && (index > 0 || stats_start(stats, state)) && make_bots(bots, n, cfg, index);
    if (!ok) {
        if (bots)
            free_bots(bots, n, cfg);
        free(bots);
        br_state_free(state);
        return BRULES_EXIT_FAIL;
    }
    bool every_move = cfg->show && cfg->games == 1;
    if (every_move && !print_board(stdout, state))
        ok = false;
    uint64_t moves = 0;
    while (ok && !br_state_is_terminal(state)) {
        int player = br_state_current_player(state);
        br_move move;
        char text[128];
        ok = bot_take_turn(bots[player >= 0 ? player : 0], state, &move, text, sizeof text);
        moves++;
        if (ok && every_move) {
            if (player == BR_PLAYER_CHANCE)
                printf("\nmove %llu: chance: %s\n", (unsigned long long)moves, text);
            else
                printf("\nmove %llu: seat %d: %s\n", (unsigned long long)moves, player, text);
            ok = print_board(stdout, state);
        }
    }
    ok = ok && stats_add(stats, state, moves);
    if (ok) {
        count_bots(stats, cfg, index);
        if (cfg->show) {
            printf("\ngame %ld: over after %llu moves\n", index + 1,
                   (unsigned long long)moves);
            ok = every_move || print_board(stdout, state);
            print_result(stdout, state);
        }
    }
    free_bots(bots, n, cfg);
    free(bots);
    br_state_free(state);
    return ok ? -1 : BRULES_EXIT_FAIL;
}

int cmd_selfplay(int argc, char **argv)
{
    selfplay_config cfg;
    int status = parse_selfplay_args(argc, argv, &cfg);
    if (status >= 0)
        return status;
    const br_game *game = find_game(cfg.game_name);
    if (!game)
        return BRULES_EXIT_USAGE;
    selfplay_stats stats;
    memset(&stats, 0, sizeof stats);
    progress bar;
    progress_start(&bar);
    bar.on = bar.on && !cfg.show && cfg.games > 1;
    catch_interrupt();
    status = -1;
    bool stopped = false;
    for (long i = 0; i < cfg.games && status < 0; i++) {
        if (interrupted()) {
            stopped = true;
            break;
        }
        status = play_one(game, &cfg, i, &stats);
        if (status < 0)
            show_progress(&bar, i + 1, cfg.games);
    }
    progress_end(&bar);
    if (status < 0) {
        bool seeded = options_have_key(cfg.options, "seed");
        if (stopped)
            fprintf(stderr, "brules: selfplay: interrupted after %llu of %ld games; "
                            "the statistics so far:\n",
                    (unsigned long long)stats.games, cfg.games);
        bool ok = true;
        if (cfg.json) {
            ok = stats_print_json(&stats, &cfg, seeded, stopped);
        } else if (stats.games > 0) {
            if (cfg.show)
                putchar('\n');
            stats_print(&stats, &cfg, seeded);
        }
        status = !ok ? BRULES_EXIT_FAIL : stopped ? BRULES_EXIT_INTERRUPTED : BRULES_EXIT_OK;
    }
    stats_free(&stats);
    return status;
}
