/*
 * brules replay: validates a game record and shows where it ends.
 *
 * A bad record is reported the way compilers report a bad source line,
 * "FILE:LINE: reason", so that editors and scripts can jump to it.
 */
#include "brules.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_JSON = 256 };

static const cli_option replay_options[] = {
    CLI_HELP_OPTION,
    { "json", 0, false, OPT_JSON },
    { NULL, 0, false, 0 },
};

static int take_replay_option(void *json, int id, const char *value)
{
    (void)value;
    if (id == OPT_JSON)
        *(bool *)json = true;
    return -1;
}

static const cli_command replay_command = {
    "replay", replay_options, "FILE ('-' for standard input)", take_replay_option
};

/* Returns -1 to go on, otherwise the exit status. */
static int parse_replay_args(int argc, char **argv, const char **path, bool *json)
{
    *json = false;
    return cli_parse_command(&replay_command, json, argc, argv, path);
}

/* The library's reason may start with "line N: "; the line number is
 * already in front of the message, so it is not repeated. */
static const char *reason_without_line(const char *reason, size_t line)
{
    char prefix[40];
    int n = snprintf(prefix, sizeof prefix, "line %zu: ", line);
    if (n > 0 && strncmp(reason, prefix, (size_t)n) == 0)
        return reason + n;
    return reason;
}

static void report_bad_record(const char *name, br_status st, size_t line, const char *err)
{
    const char *reason = err[0] ? err : br_status_string(st);
    if (line > 0)
        fprintf(stderr, "%s:%zu: %s\n", name, line, reason_without_line(reason, line));
    else
        fprintf(stderr, "%s: %s\n", name, reason);
}

static bool print_final_position(const br_state *state, bool json)
{
    if (json) {
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
    const char *path;
    bool json;
    int status = parse_replay_args(argc, argv, &path, &json);
    if (status >= 0)
        return status;
    char *record = read_file(path);
    if (!record)
        return BRULES_EXIT_FAIL;
    br_state *state = NULL;
    size_t bad_line = 0;
    char err[1024] = "";
    br_status st = br_record_replay(record, &state, &bad_line, err, sizeof err);
    free(record);
    if (st != BR_OK) {
        report_bad_record(strcmp(path, "-") == 0 ? "<stdin>" : path, st, bad_line, err);
        status = BRULES_EXIT_FAIL;
    } else {
        status = print_final_position(state, json) ? BRULES_EXIT_OK : BRULES_EXIT_FAIL;
    }
    br_state_free(state);
    return status;
}
