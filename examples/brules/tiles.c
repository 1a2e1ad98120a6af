/*
 * brules play: pictures of the Tsuro tiles a person may place.
 *
 * A move "17r2" places tile 17 turned 2 quarter turns clockwise. Before a
 * person chooses, each tile of the hand is drawn in every rotation the move
 * list offers, the way the library draws a square of the board
 * (libboardrules/games/tsuro/views.c): a 6x4 box whose border carries the 8
 * points, 2 per side, numbered clockwise from the left point of the top
 * side; the two ends of one path carry the same letter. Inside the box: the
 * move's text and its number in the list.
 *
 * The tiles themselves are not in the public API, but doc/games/tsuro.md
 * defines them: every way to join the 8 points in 4 pairs, taken up to
 * rotation; each tile is the lexicographically smallest of its rotations, and
 * the tiles are numbered in that order (35 of them). brules builds the same
 * table (tsuro_tiles()); test-brules.sh compares it with the hands the
 * library shows.
 */
#include "brules.h"

#include <stdlib.h>
#include <string.h>

enum { POINTS = 8, TILES = 35, BOX_W = 6, BOX_H = 4, LINE_WIDTH = 78 };

/* Where point p sits on the box's border (as views.c draws it). */
static const int POINT_X[POINTS] = { 1, 4, 5, 5, 4, 1, 0, 0 };
static const int POINT_Y[POINTS] = { 0, 0, 1, 2, 3, 3, 2, 1 };

typedef struct tile {
    unsigned char partner[POINTS]; /* the point joined to p */
} tile;

/* The tile turned r quarter turns clockwise: point p goes to p + 2r. */
static tile rotated(const tile *t, int r)
{
    tile out;
    for (int p = 0; p < POINTS; p++)
        out.partner[(p + 2 * r) % POINTS] = (unsigned char)((t->partner[p] + 2 * r) % POINTS);
    return out;
}

static int compare_tiles(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(tile));
}

/* Every matching of the points not yet joined in *t, canonical forms into
 * found[] (without repeats). */
static void enumerate(tile *t, unsigned joined, tile *found, int *count)
{
    int a = 0;
    while (a < POINTS && (joined >> a & 1))
        a++;
    if (a == POINTS) {
        tile best = *t;
        for (int r = 1; r < 4; r++) {
            tile turned = rotated(t, r);
            if (compare_tiles(&turned, &best) < 0)
                best = turned;
        }
        for (int i = 0; i < *count; i++)
            if (compare_tiles(&found[i], &best) == 0)
                return;
        if (*count < TILES)
            found[(*count)++] = best;
        return;
    }
    for (int b = a + 1; b < POINTS; b++) {
        if (joined >> b & 1)
            continue;
        t->partner[a] = (unsigned char)b;
        t->partner[b] = (unsigned char)a;
        enumerate(t, joined | 1u << a | 1u << b, found, count);
    }
}

/* The 35 tiles in the order of their numbers. */
static const tile *tsuro_tiles(void)
{
    static tile tiles[TILES];
    static int count;
    if (count == 0) {
        tile t;
        memset(&t, 0, sizeof t);
        enumerate(&t, 0, tiles, &count);
        qsort(tiles, (size_t)count, sizeof *tiles, compare_tiles);
    }
    return tiles;
}

const char *tsuro_tile_pairs(int number, char *buf, size_t size)
{
    if (number < 0 || number >= TILES) {
        snprintf(buf, size, "?");
        return buf;
    }
    const tile *t = &tsuro_tiles()[number];
    size_t len = 0;
    buf[0] = '\0';
    for (int a = 0; a < POINTS && len < size; a++)
        if (t->partner[a] > a) {
            int n = snprintf(buf + len, size - len, "%s%d-%d", len ? " " : "", a, t->partner[a]);
            len += n > 0 ? (size_t)n : 0;
        }
    return buf;
}

/* One picture: the box of tile `number` in rotation `rotation`, labelled. */
typedef struct picture {
    char rows[BOX_H][BOX_W + 1];
} picture;

static void draw(picture *pic, int number, int rotation, size_t entry)
{
    tile t = rotated(&tsuro_tiles()[number], rotation);
    for (int y = 0; y < BOX_H; y++) {
        for (int x = 0; x < BOX_W; x++) {
            bool edge_row = y == 0 || y == BOX_H - 1, edge_col = x == 0 || x == BOX_W - 1;
            pic->rows[y][x] = edge_row ? (edge_col ? '+' : '-') : edge_col ? '|' : ' ';
        }
        pic->rows[y][BOX_W] = '\0';
    }
    char letter[POINTS] = { 0 }, next = 'A';
    for (int p = 0; p < POINTS; p++) {
        if (!letter[p])
            letter[p] = letter[t.partner[p]] = next++;
        pic->rows[POINT_Y[p]][POINT_X[p]] = letter[p];
    }
    char label[8];
    int n = snprintf(label, sizeof label, "%dr%d", number, rotation);
    memcpy(&pic->rows[1][1], label, (size_t)(n < 4 ? n : 4));
    n = snprintf(label, sizeof label, "%3zu)", entry);
    memcpy(&pic->rows[2][1], label, (size_t)(n < 4 ? n : 4));
}

/* Reads a plain placement "17r2" (not "17r2/1", which only follows another
 * path of the same tile); false for anything else. */
static bool placement(const char *text, int *number, int *rotation)
{
    int used = 0;
    if (sscanf(text, "%2d%*[r]%1d%n", number, rotation, &used) != 2 || text[used] != '\0')
        return false;
    return *number >= 0 && *number < TILES && *rotation >= 0 && *rotation < 4;
}

/* Prints a row of pictures: the boxes side by side, tiles apart by a gap. */
static void print_row(FILE *out, const picture *pics, const int *tile_of, int count)
{
    for (int y = 0; y < BOX_H; y++) {
        fputs("  ", out);
        for (int i = 0; i < count; i++) {
            if (i > 0)
                fputs(tile_of[i] == tile_of[i - 1] ? " " : "   ", out);
            fputs(pics[i].rows[y], out);
        }
        fputc('\n', out);
    }
}

void print_tile_pictures(FILE *out, const br_state *state, const br_move *moves, size_t count)
{
    if (strcmp(br_game_name(br_state_game(state)), "tsuro") != 0)
        return;
    enum { PER_ROW = 12 };
    picture row[PER_ROW];
    int tile_of[PER_ROW], in_row = 0, width = 2;
    bool header = false;
    for (size_t i = 0; i < count; i++) {
        char text[64];
        int number, rotation;
        if (!placement(move_text(state, moves[i], text, sizeof text), &number, &rotation))
            continue;
        if (!header) {
            fputs("your tiles as each move turns them (equal letters: the two ends of one "
                  "path;\nthe number: the move's entry in the list):\n", out);
            header = true;
        }
        int needed = (in_row == 0 ? 0 : tile_of[in_row - 1] == number ? 1 : 3) + BOX_W;
        if (in_row == PER_ROW || width + needed > LINE_WIDTH) {
            print_row(out, row, tile_of, in_row);
            in_row = 0;
            width = 2;
            needed = BOX_W;
        }
        draw(&row[in_row], number, rotation, i + 1);
        tile_of[in_row++] = number;
        width += needed;
    }
    if (in_row > 0)
        print_row(out, row, tile_of, in_row);
}
