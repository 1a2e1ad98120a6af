/* Seed corpora for the fuzz targets (run by fuzz/make-corpus.sh).
 * Usage: make_corpus SRCDIR OUTDIR
 * Writes OUTDIR/{snapshot,bytes,record,move_text,options,operations}/ from the
 * golden records and snapshots in SRCDIR/tests/golden and from random play
 * of every game and variant (fuzz_common.h decodes the headers it writes). */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>

#include "fuzz_common.h"

static const char *out_dir;
static unsigned counter;

static void put(const char *target, const void *data, size_t size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/seed-%05u", out_dir, target, counter++);
    FILE *f = fopen(path, "wb");
    FZ_CHECK(f, "cannot write %s", path);
    FZ_CHECK(fwrite(data, 1, size, f) == size && fclose(f) == 0, "write error %s", path);
}

static void put_text(const char *target, const char *text) { put(target, text, strlen(text)); }

/* The binary snapshot of `s`, for the bytes target. */
static void put_bytes(const br_state *s)
{
    size_t len = 0;
    br_state_to_bytes(s, NULL, 0, &len);
    uint8_t *buf = malloc(len);
    FZ_CHECK(br_state_to_bytes(s, buf, len, &len) == BR_OK, "to_bytes");
    put("bytes", buf, len);
    free(buf);
}

static void put_with_header(const char *target, const fz_header *h, const void *rest, size_t n)
{
    uint8_t *buf = malloc(8 + n);
    fz_write_header(buf, h);
    memcpy(buf + 8, rest, n);
    put(target, buf, 8 + n);
    free(buf);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t k;
    while ((k = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += k;
        if (cap - n < 2)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static void golden(const char *src)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/tests/golden", src);
    DIR *d = opendir(dir);
    FZ_CHECK(d, "cannot open %s", dir);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int record = ends_with(e->d_name, ".record");
        if (!record && !ends_with(e->d_name, ".final.json"))
            continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        char *text = read_file(path);
        FZ_CHECK(text, "cannot read %s", path);
        put_text(record ? "record" : "snapshot", text);
        if (record) { /* its options line, for the options target */
            const char *g = strstr(text, "\ngame ");
            const char *o = strstr(text, "\noptions ");
            if (g && o) {
                char name[64] = "";
                sscanf(g + 6, "%63s", name);
                const br_game *game = br_game_find(name);
                size_t idx = 0;
                while (idx < br_game_count() && br_game_at(idx) != game)
                    idx++;
                const char *end = strchr(o + 9, '\n');
                size_t n = end ? (size_t)(end - (o + 9)) : strlen(o + 9);
                uint8_t buf[300];
                if (n < sizeof buf - 1) {
                    buf[0] = (uint8_t)idx;
                    memcpy(buf + 1, o + 9, n);
                    put("options", buf, n + 1);
                }
            }
        }
        free(text);
    }
    closedir(d);
}

static char *record_of(const br_state *s, const br_move *moves, size_t n)
{
    char *opts = fz_options(s);
    size_t len = 0;
    br_record_write(br_state_game(s), opts, moves, n, NULL, 0, &len, NULL, 0);
    char *buf = malloc(len + 1);
    br_status st = br_record_write(br_state_game(s), opts, moves, n, buf, len + 1, NULL, NULL, 0);
    FZ_CHECK(st == BR_OK, "record_write");
    free(opts);
    return buf;
}

static void random_play(void)
{
    size_t games = br_game_count();
    for (size_t g = 0; g < games; g++) {
        for (unsigned variant = 0; variant < 8; variant++) {
            for (unsigned k = 0; k < 3; k++) {
                fz_header h = { .game = (uint8_t)g,
                                .flags = (uint8_t)((variant << 4) | (k == 1 ? 8 : 0) |
                                                   ((variant + k) & 7)),
                                .seed = 1000u * (unsigned)g + 10u * variant + k,
                                .moves = 0 };
                br_state *s = fz_new_state(&h);
                char *opts = fz_options(s);
                uint8_t ob[300];
                size_t on = strlen(opts);
                ob[0] = (uint8_t)g;
                memcpy(ob + 1, opts, on);
                put("options", ob, on + 1);
                free(opts);

                uint64_t rng = h.seed * 7919u + 1;
                br_move hist[4096];
                size_t n = fz_play(s, &rng, 4096, hist);
                char *rec = record_of(s, hist, n);
                put_text("record", rec);
                free(rec);
                rec = record_of(s, hist, n / 3);
                put_text("record", rec);
                free(rec);
                char *json = fz_snapshot(s);
                put_text("snapshot", json);
                free(json);
                put_bytes(s);
                br_state_free(s);

                /* Positions along the way: snapshots, move texts, operations. */
                static const uint16_t depth[] = { 0, 3, 17, 60 };
                for (unsigned d = 0; d < 4; d++) {
                    fz_header p = h;
                    p.moves = depth[d];
                    br_state *t = fz_position(&p);
                    if (d != 0) {
                        json = fz_snapshot(t);
                        put_text("snapshot", json);
                        free(json);
                    }
                    put_bytes(t);
                    size_t cap = br_state_max_legal_moves(t), m = 0;
                    br_move *moves = malloc(sizeof *moves * (cap + 1));
                    br_state_legal_moves(t, moves, cap, &m);
                    if (m > 0) {
                        char text[512];
                        br_state_move_to_text(t, moves[(variant * 7 + d) % m], text,
                                              sizeof text, NULL);
                        put_with_header("move_text", &p, text, strlen(text));
                    }
                    br_move illegal = (br_move)((d * 131 + variant) % br_state_move_space(t));
                    char text[512];
                    br_state_move_to_text(t, illegal, text, sizeof text, NULL);
                    put_with_header("move_text", &p, text, strlen(text));
                    free(moves);
                    br_state_free(t);

                    uint8_t ops[64];
                    uint64_t r = p.seed + d;
                    for (size_t i = 0; i < sizeof ops; i++)
                        ops[i] = (uint8_t)fz_rand(&r);
                    put_with_header("operations", &p, ops, sizeof ops);
                }
            }
        }
    }
}

static void make_dir(const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", out_dir, name);
    FZ_CHECK(mkdir(path, 0777) == 0 || errno == EEXIST, "cannot make %s", path);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s SRCDIR OUTDIR\n", argv[0]);
        return 2;
    }
    out_dir = argv[2];
    FZ_CHECK(mkdir(out_dir, 0777) == 0 || errno == EEXIST, "cannot make %s", out_dir);
    make_dir("snapshot");
    make_dir("bytes");
    make_dir("record");
    make_dir("move_text");
    make_dir("options");
    make_dir("operations");
    golden(argv[1]);
    random_play();
    printf("make_corpus: %u seeds in %s\n", counter, out_dir);
    return 0;
}
