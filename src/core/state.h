/*
 * state.h - a board as a search holds it: the packed 64-bit state of boards
 * of at most 16 cells and the 128-bit wide state of at most 25, a shape's
 * geometry, the symmetries of a board, moves and their letters, and
 * solvability with its failure told apart.  core.h includes it, so every
 * folder that includes core.h has it too.
 */
#ifndef SLIDE_STATE_H
#define SLIDE_STATE_H

#include "slide.h"

#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------ packed state */

/*
 * A board of at most 16 cells as 4 bits a cell: cell i holds its tile in
 * bits 4i..4i+3, the blank is 0.  Cells past the board are 0 too, so two
 * states compare equal exactly when their boards do, and 0 itself is never a
 * valid state (a board has at least three tiles), which lets the state map
 * use 0 as its empty mark.
 */
typedef uint64_t state64;

/* The geometry of one shape of at most SLIDE_MAX_WIDE_CELLS cells, computed once per search. */
typedef struct geometry {
    int rows;
    int cols;
    int cells;
    /* neighbour[c][m]: the cell the blank reaches from c by move m, or -1 */
    int8_t neighbour[SLIDE_MAX_WIDE_CELLS][4];
} geometry;

void geometry_init(geometry *shape, int rows, int cols);

static inline unsigned state_get(state64 s, int cell)
{
    return (unsigned)(s >> (4 * cell)) & 15u;
}

/*
 * The state after the blank at `blank` swaps with the tile at `target`.
 * Because the blank's nibble is 0 the swap is one subtraction and one
 * addition of the moving tile's value at the two positions.
 */
static inline state64 state_swap(state64 s, int blank, int target)
{
    uint64_t tile = (s >> (4 * target)) & 15u;
    return s - (tile << (4 * target)) + (tile << (4 * blank));
}

/* Index of the blank (the only zero nibble among the first `cells`). */
static inline int state_blank(state64 s, int cells)
{
    uint64_t y = s | (s >> 1);
    y |= y >> 2;
    y = ~y & 0x1111111111111111ull;
    if (cells < 16)
        y &= (1ull << (4 * cells)) - 1;
    return __builtin_ctzll(y) >> 2;
}

state64 state_pack(const slide_board *board);
void state_unpack(state64 s, slide_board *board);

/* -------------------------------------------------------------- wide state */

/*
 * For a search written once for both widths: a static function whose
 * width is a parameter, marked this way, is copied into each caller that
 * passes a constant, so each width runs without tests of the other.
 */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/*
 * A board of 17 to 25 cells as 5 bits a cell (state_wide.c), the key of
 * A*'s state map above 16 cells.  Cells 0-11 sit in lo and cells 12-23 in hi
 * (cell i at bit 5(i mod 12)); cell 24, the only one left, keeps its low four
 * bits in lo's top nibble and its fifth bit at hi's bit 60.  As in state64
 * the blank is 0 and so are the cells past the board, so equal states are
 * equal boards, and the all-zero state is never a board (the state map's
 * empty mark).  IDA* does not use it: its node loop changes a tile-per-cell
 * array in place, which needs no packing at all.
 */
typedef struct state128 {
    uint64_t lo;
    uint64_t hi;
} state128;

static inline unsigned state128_get(state128 s, int cell)
{
    if (cell < 12)
        return (unsigned)(s.lo >> (5 * cell)) & 31u;
    if (cell < 24)
        return (unsigned)(s.hi >> (5 * (cell - 12))) & 31u;
    return (unsigned)(s.lo >> 60) | ((unsigned)(s.hi >> 60) & 1u) << 4;
}

/* s with `tile` added to cell's field (which must hold 0), or removed with `sign` -1. */
static inline state128 state128_add(state128 s, int cell, uint64_t tile, int sign)
{
    uint64_t lo = 0, hi = 0;
    if (cell < 12)
        lo = tile << (5 * cell);
    else if (cell < 24)
        hi = tile << (5 * (cell - 12));
    else {
        lo = (tile & 15u) << 60;
        hi = (tile >> 4) << 60;
    }
    if (sign < 0) {
        s.lo -= lo;
        s.hi -= hi;
    } else {
        s.lo += lo;
        s.hi += hi;
    }
    return s;
}

/* The state after the blank at `blank` swaps with the tile at `target`. */
static inline state128 state128_swap(state128 s, int blank, int target)
{
    uint64_t tile = state128_get(s, target);
    return state128_add(state128_add(s, target, tile, -1), blank, tile, 1);
}

static inline int state128_equal(state128 a, state128 b)
{
    return a.lo == b.lo && a.hi == b.hi;
}

/* Index of the blank among the first `cells` cells. */
int state128_blank(state128 s, int cells);
state128 state128_pack(const slide_board *board);
void state128_unpack(state128 s, slide_board *board);

/*
 * A rotation or reflection of a shape onto itself (symmetry.c): cell c goes
 * to cell[c], and the blank's move m (slide_move_letters order) becomes
 * move[m].  Renaming tiles and moving cells this way maps every state graph
 * edge to an edge, so distances are kept; move letters and their u, d, l, r
 * order are not.
 */
typedef struct board_symmetry {
    uint8_t cell[SLIDE_MAX_WIDE_CELLS];
    uint8_t move[4];
} board_symmetry;

#define MAX_BOARD_SYMMETRIES 8
/*
 * Fills out (room for MAX_BOARD_SYMMETRIES) with the symmetries of shape (of
 * at most SLIDE_MAX_WIDE_CELLS cells), the identity first; returns how
 * many: 8 for a square, else 4.
 */
int board_symmetries(const geometry *shape, board_symmetry *out);

/*
 * The transpose of a board of any size (symmetry.c): cell (r, c) of the
 * rows x cols board in becomes cell (c, r) of the cols x rows board out,
 * with the same tile; out->cells must have room for rows * cols cells and
 * must not be in's.  A blank move m on in is move_transposed(m) on out, and
 * the other way.
 */
void board_transpose(const slide_board *in, slide_board *out);

static inline int move_transposed(int m)
{
    return m ^ 2; /* up <-> left, down <-> right */
}

/* Opposite move: u<->d, l<->r. */
static inline int move_inverse(int m)
{
    return m ^ 1;
}

/* The move (SLIDE_UP ..) a letter of slide_move_letters names, either case; -1 for any other. */
static inline int move_of_letter(char letter)
{
    switch (letter) {
    case 'u':
    case 'U': return SLIDE_UP;
    case 'd':
    case 'D': return SLIDE_DOWN;
    case 'l':
    case 'L': return SLIDE_LEFT;
    case 'r':
    case 'R': return SLIDE_RIGHT;
    default: return -1;
    }
}

/*
 * slide_solvable that tells a failed allocation from "no": SLIDE_OK with
 * *solvable set (0 also for invalid boards), or SLIDE_E_NOMEM.
 */
int board_solvable(const slide_board *start, const slide_board *goal, int *solvable);

#endif /* SLIDE_STATE_H */
