/* Fuzz target: binary snapshot load (br_state_from_bytes).
 * Input: any bytes. A binary snapshot that loads must save to bytes that load
 * again and save to the very same bytes (the first save makes them
 * canonical: a payload of JSON text may have been spaced differently); its
 * JSON snapshot must round-trip too, and agree between the two loads. A
 * refused input gives a reason and no state. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* br_state_to_bytes into a new buffer; *len receives the size. */
static uint8_t *save_bytes(const br_state *s, size_t *len)
{
    *len = 0;
    br_status st = br_state_to_bytes(s, NULL, 0, len);
    FZ_CHECK(st == BR_ERR_BUFFER && *len > 0, "size query: %s", br_status_string(st));
    uint8_t *out = malloc(*len);
    size_t len2 = 0;
    st = br_state_to_bytes(s, out, *len, &len2);
    FZ_CHECK(st == BR_OK && len2 == *len, "to_bytes: %s, %zu of %zu", br_status_string(st),
             len2, *len);
    return out;
}

static br_state *load_bytes(const uint8_t *data, size_t size, const char *what)
{
    br_state *s = NULL;
    char err[256] = "";
    br_status st = br_state_from_bytes(data, size, &s, err, sizeof err);
    FZ_CHECK(st == BR_OK, "%s refused: %s", what, err);
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    br_state *s = NULL;
    char err[256] = "";
    br_status st = br_state_from_bytes(data, size, &s, err, sizeof err);
    if (st != BR_OK) {
        FZ_CHECK(s == NULL, "failed load left a state");
        FZ_CHECK(st == BR_ERR_SNAPSHOT || st == BR_ERR_UNKNOWN_GAME || st == BR_ERR_NO_MEMORY,
                 "unexpected status %s", br_status_string(st));
        FZ_CHECK(err[0] != '\0', "failed load without a reason");
        return 0;
    }
    size_t n1, n2;
    uint8_t *first = save_bytes(s, &n1);
    br_state *again = load_bytes(first, n1, "own binary snapshot");
    uint8_t *second = save_bytes(again, &n2);
    FZ_CHECK(n1 == n2 && memcmp(first, second, n1) == 0, "binary save is not stable");
    char *json1 = fz_check_roundtrip(s);
    char *json2 = fz_snapshot(again);
    FZ_CHECK(strcmp(json1, json2) == 0, "the two loads differ as JSON");
    fz_render_all(s);
    free(json1);
    free(json2);
    free(first);
    free(second);
    br_state_free(again);
    br_state_free(s);
    return 0;
}
