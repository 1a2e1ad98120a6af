/*
 * brules: the host's random generator, and the library's bots
 * (boardrules/bot.h) as the command line names them: KIND[:OPTIONS], e.g.
 * "planner" or "ismcts:time_ms=200".
 */
#include "brules.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* splitmix64: one addition and a mix per number; plenty for picking moves. */

void host_rng_seed(host_rng *rng, uint64_t seed)
{
    rng->state = seed;
}

uint64_t host_rng_next(host_rng *rng)
{
    uint64_t z = (rng->state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

uint64_t mix_seed(uint64_t a, uint64_t b)
{
    host_rng rng;
    host_rng_seed(&rng, a ^ (b * UINT64_C(0xd1b54a32d192ed03)));
    return host_rng_next(&rng);
}

/* Lemire's multiply-and-shift with rejection of the few biased values. */
uint32_t host_rng_below(host_rng *rng, uint32_t bound)
{
    uint64_t m = (uint64_t)(uint32_t)host_rng_next(rng) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)-bound % bound;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)host_rng_next(rng) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* ------------------------------------------------------------------ */
/* Bots */

bool bot_spec_parse(const char *text, bot_spec *out, char *err, size_t err_size)
{
    memset(out, 0, sizeof *out);
    const char *colon = strchr(text, ':');
    size_t kind_len = colon ? (size_t)(colon - text) : strlen(text);
    const char *options = colon ? colon + 1 : "";
    if (kind_len >= sizeof out->kind || strlen(options) >= sizeof out->options) {
        snprintf(err, err_size, "bot '%s' is too long", text);
        return false;
    }
    memcpy(out->kind, text, kind_len);
    snprintf(out->options, sizeof out->options, "%s", options);
    snprintf(out->text, sizeof out->text, "%s", text);
    br_bot *probe = NULL;
    br_status st = br_bot_new(out->kind, out->options, &probe, err, err_size);
    br_bot_free(probe);
    return st == BR_OK;
}

br_bot *bot_make(const bot_spec *spec, uint64_t seed)
{
    char options[sizeof spec->options + 32];
    if (options_have_key(spec->options, "seed"))
        snprintf(options, sizeof options, "%s", spec->options);
    else
        snprintf(options, sizeof options, "%s%sseed=%llu", spec->options,
                 spec->options[0] ? "," : "", (unsigned long long)seed);
    br_bot *bot = NULL;
    char err[256];
    if (br_bot_new(spec->kind, options, &bot, err, sizeof err) != BR_OK)
        brules_error("bot '%s': %s", spec->text, err);
    return bot;
}

bool bot_take_turn(br_bot *b, br_state *state, br_move *played, char *text, size_t text_size)
{
    br_status st;
    if (br_state_is_chance_node(state)) {
        st = br_state_resolve_chance(state, played);
        if (st != BR_OK) {
            report_state_error("resolve chance", state, st);
            return false;
        }
        /* An outcome's text does not depend on the moment. */
        move_text(state, *played, text, text_size);
        return true;
    }
    st = br_bot_choose(b, state, played);
    if (st != BR_OK) {
        brules_error("%s bot: %s (%s)", br_bot_kind(b), br_status_string(st),
                     br_bot_last_error(b));
        return false;
    }
    move_text(state, *played, text, text_size);
    st = br_state_apply(state, *played);
    if (st != BR_OK) {
        brules_error("the library rejected its own legal move '%s': %s", text,
                     br_state_last_error(state));
        return false;
    }
    return true;
}
