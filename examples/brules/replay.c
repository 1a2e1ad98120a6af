/*
 * brules replay: validates a game record and shows where it ends.
 *
 * A bad record is reported the way compilers report a bad source line,
 * "FILE:LINE: reason", so that editors and scripts can jump to it.
 */
#include "brules.h"

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

enum { OPT_SNAPSHOT = 256 };

typedef struct replay_config {
    const char *path;
    bool json;     /* the verdict as JSON (br_record_verdict_json) */
    bool snapshot; /* the final position as a JSON snapshot */
} replay_config;

static const cli_option replay_options[] = {
    CLI_HELP_OPTION,
    CLI_JSON_OPTION,
    { "snapshot", 0, false, OPT_SNAPSHOT },
    { NULL, 0, false, 0 },
};

static int take_replay_option(void *settings, int id, const char *value)
{
    replay_config *cfg = settings;
    (void)value;
    if (id == CLI_JSON_ID)
        cfg->json = true;
    else if (id == OPT_SNAPSHOT)
        cfg->snapshot = true;
    return -1;
}

static const cli_command replay_command = {
    "replay", replay_options, "FILE ('-' for standard input)", take_replay_option
};

/* Returns -1 to go on, otherwise the exit status. */
static int parse_replay_args(int argc, char **argv, replay_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    int status = cli_parse_command(&replay_command, cfg, argc, argv, &cfg->path);
    if (status < 0 && cfg->json && cfg->snapshot)
        return usage_error("replay", "--json and --snapshot exclude each other");
    return status;
}

/* brules replay --json: the library's verdict (valid, complete, the first
 * bad line, the reason, the result) with the file's name added. Exit status
 * 0 for a valid and complete record, else 1; nothing on stderr. */
static int print_verdict(const char *record, const char *name)
{
    size_t len = 0;
    br_status st = br_record_verdict_json(record, NULL, 0, &len);
    char *text = NULL;
    if (st == BR_OK || st == BR_ERR_BUFFER) {
        text = malloc(len + 1);
        st = text ? br_record_verdict_json(record, text, len + 1, NULL) : BR_ERR_NO_MEMORY;
    }
    json_t *verdict = st == BR_OK ? json_loads(text, 0, NULL) : NULL;
    free(text);
    if (!json_is_object(verdict)) {
        brules_error("%s: no verdict: %s", name,
                     st == BR_OK ? "the library's JSON does not parse" : br_status_string(st));
        json_decref(verdict);
        return BRULES_EXIT_FAIL;
    }
    bool good = json_is_true(json_object_get(verdict, "valid"))
                && json_is_true(json_object_get(verdict, "complete"));
    /* A file name may hold any bytes, JSON only UTF-8. */
    char *file = utf8_copy(name);
    json_t *root = file ? json_pack("{s:s}", "file", file) : NULL;
    free(file);
    if (root)
        json_object_update(root, verdict);
    json_decref(verdict);
    if (!print_json(root))
        return BRULES_EXIT_FAIL;
    return good ? BRULES_EXIT_OK : BRULES_EXIT_FAIL;
}

/* The library's reason may start with "line N: " or "line N, column C: ";
 * the position is already in front of the message ("FILE:N:C: reason", as
 * compilers write it), so it is not repeated. */
static void report_bad_record(const char *name, br_status st, size_t line, const char *err)
{
    const char *reason = err[0] ? err : br_status_string(st);
    unsigned long at_line = 0, column = 0;
    int used = 0;
    if (sscanf(reason, "line %lu, column %lu: %n", &at_line, &column, &used) == 2 && used > 0
        && at_line == line) {
        fprintf(stderr, "%s:%zu:%lu: %s\n", name, line, column, reason + used);
        return;
    }
    used = 0;
    if (sscanf(reason, "line %lu: %n", &at_line, &used) == 1 && used > 0 && at_line == line)
        reason += used;
    if (line > 0)
        fprintf(stderr, "%s:%zu: %s\n", name, line, reason);
    else
        fprintf(stderr, "%s: %s\n", name, reason);
}

static bool print_final_position(const br_state *state, bool snapshot)
{
    if (snapshot) {
        char *text = state_text(state, br_state_to_json, "snapshot");
        if (!text)
            return false;
        puts(text);
        free(text);
        return true;
    }
    if (!print_board(stdout, state))
        return false;
    printf("valid record; %lu moves made, chance outcomes included\n",
           (unsigned long)br_state_move_number(state));
    if (br_state_is_terminal(state)) {
        printf("game over\n");
        print_result(stdout, state);
    } else if (br_state_is_chance_node(state)) {
        printf("game not over: a chance event is next\n");
    } else {
        printf("game not over: seat %d to move\n", br_state_current_player(state));
    }
    return true;
}

int cmd_replay(int argc, char **argv)
{
    replay_config cfg;
    int status = parse_replay_args(argc, argv, &cfg);
    if (status >= 0)
        return status;
    char *record = read_file(cfg.path);
    if (!record)
        return BRULES_EXIT_FAIL;
    const char *name = strcmp(cfg.path, "-") == 0 ? "<stdin>" : cfg.path;
    if (cfg.json) {
        status = print_verdict(record, name);
        free(record);
        return status;
    }
    br_state *state = NULL;
    size_t bad_line = 0;
    char err[1024] = "";
    br_status st = br_record_replay(record, &state, &bad_line, err, sizeof err);
    free(record);
    if (st != BR_OK) {
        /* An incomplete record (cut off before its result line) is no
         * valid one: every line read well, but the game's end is missing. */
        report_bad_record(name, st, bad_line, err);
        status = BRULES_EXIT_FAIL;
    } else {
        status = print_final_position(state, cfg.snapshot) ? BRULES_EXIT_OK
                                                           : BRULES_EXIT_FAIL;
    }
    br_state_free(state);
    return status;
}
