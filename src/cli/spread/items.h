/*
 * items.h - the lines of one search on many machines (items.c): the work
 * items `slide split` and `slide spread` write and `slide work` reads, the
 * results `slide work` writes back, and the identity of the search that
 * both carry.  README.md, "One search on many machines", is the contract.
 *
 *   slide-item/1 search=ID size=RxC start=CELLS goal=CELLS heuristic=NAME
 *       max-group=N max-memory=BYTES tables=HEX bound=B item=I items=N prefix=MOVES sum=HEX
 *   slide-result/1 search=ID bound=B item=I found=no next=B|none expanded=N generated=N sum=HEX
 *   slide-result/1 search=ID bound=B item=I found=yes moves=MOVES expanded=N generated=N sum=HEX
 *
 * (one line each).  Fields come in this order, separated by one space;
 * CELLS are the tiles row by row, comma separated, 0 the blank; ID and
 * the tables' fingerprint are 16 hex digits, sum the line's checksum (8 hex
 * digits of FNV-1a over the bytes before " sum="), so a line cut short or
 * changed on the way is refused, never searched.
 */
#ifndef SLIDE_CLI_ITEMS_H
#define SLIDE_CLI_ITEMS_H

#include "cli/base/base.h"

/*
 * The most subtrees an iteration may be cut into (--items, a checkpoint's
 * items=): 64 a worker for 4096 workers.  An item line is 150 to 300
 * bytes, so a pass's file stays under 80 MB (16777216 wrote 4 GB).
 */
#define SPLIT_MAX_ITEMS 262144u

/* What identifies one split search; every item and result names it. */
typedef struct split_identity {
    slide_board start; /* owned */
    slide_board goal;  /* owned */
    char heuristic[32];
    int max_group;     /* the pattern databases' group cap, 0 automatic */
    size_t max_memory; /* 0: the default */
    uint64_t tables;   /* slide_split.tables of the machine that cut the items */
    uint64_t id;       /* a hash of all the above (items.c seals it) */
    /* max_memory and max_group as the library takes them (filled with id) */
    slide_limits limits;
    slide_pdb_options pdb;
} split_identity;

/* Frees the boards. */
void split_identity_free(split_identity *search);
/* The options a search's identity fixes (heuristic, group cap, memory cap) in lib. */
void split_identity_options(const split_identity *search, slide_solve_options *lib);

/* One work item: a subtree of iteration bound. */
typedef struct split_item {
    unsigned bound;
    unsigned long index; /* 0-based, below count */
    unsigned long count;
    const char *prefix; /* the moves to the subtree's root, in the line (not NUL-terminated) */
    size_t prefix_len;
} split_item;

/* One item's result. */
typedef struct split_result {
    uint64_t search;
    unsigned bound;
    unsigned long index;
    int found;
    const char *moves; /* found: in the line (or wherever the writer points), not NUL-terminated */
    size_t moves_len;
    unsigned next; /* not found: SLIDE_SPLIT_NO_BOUND for none */
    unsigned long long expanded;
    unsigned long long generated;
} split_result;

/* The result of item index of bound, as slide_split_search gave it (r points into res). */
void split_result_of(split_result *r, const split_identity *search, unsigned bound,
                     unsigned long index, const slide_split_result *res, const slide_stats *st);

/* Writes one item line (with its newline).  Returns 0, or -1 on a write error. */
int split_write_item(FILE *f, const split_identity *search, const split_item *item);
/* Writes one result line (with its newline).  Returns 0, or -1 on a write error. */
int split_write_result(FILE *f, const split_result *result);

/*
 * Reads an item line (its end excluded) into *search (boards allocated:
 * split_identity_free; nothing held on failure) and *item (pointing into
 * line).  Returns 0, or -1 with why saying what is wrong and in which
 * field ("the checksum does not match ...", "field 9 should be bound=...").
 */
int split_read_item(const char *line, size_t len, split_identity *search, split_item *item,
                    char *why, size_t why_size);
/* Reads a result line, as split_read_item (result->moves points into line). */
int split_read_result(const char *line, size_t len, split_result *result, char *why,
                      size_t why_size);

/*
 * The first line of a checkpoint (slide spread --checkpoint): the search,
 * the subtrees wanted a split, the bound being searched, and the
 * iterations and nodes of the bounds before it; result lines follow.
 *   slide-checkpoint/1 search=ID size=... tables=HEX items=N bound=B iterations=K
 *       expanded=N generated=N sum=HEX
 */
typedef struct split_checkpoint {
    split_identity search;
    unsigned long want;
    unsigned bound;
    unsigned long iterations;
    unsigned long long expanded;
    unsigned long long generated;
} split_checkpoint;

int split_write_checkpoint(FILE *f, const split_checkpoint *head);
/* As split_read_item (head->search's boards allocated). */
int split_read_checkpoint(const char *line, size_t len, split_checkpoint *head, char *why,
                          size_t why_size);

/* ---- what `slide split` and `slide spread` share: the options that make a search ---- */

typedef struct split_setup {
    int rows, cols;        /* --size, 0 when not given */
    const char *heuristic; /* -H, NULL: idastar's default */
    size_t max_memory;     /* --max-memory, 0: the default */
    split_identity search; /* after split_setup_search */
    int have_search;
    int unsolvable;           /* the goal cannot be reached: no search */
    unsigned start_bound;     /* the first iteration's bound */
    slide_solve_options lib;  /* the search's options, with a context and progress */
    cli_progress_state progress;
    const char *command; /* for the note before a build of tables */
    int build_noted;     /* said */
} split_setup;

void split_setup_init(split_setup *setup);
/*
 * solve's options for near-optimal answers, which split and spread do not
 * take, each with why and what to run instead (cli_scan.aliases).
 */
extern const cli_alias split_near_optimal_aliases[];
/*
 * One of the shared options, which: 's' --size, 'H' --heuristic, 'm'
 * --max-memory.  Returns 0, or EXIT_USAGE after a message naming command.
 */
int split_setup_option(split_setup *setup, const char *command, char which, const char *value);
/*
 * Reads BOARD and the goal (NULL: the standard one), prepares the tables
 * and the search's identity.  Returns 0 (setup->unsolvable set when the
 * goal cannot be reached, and nothing prepared), or an exit status after a
 * message.
 */
int split_setup_search(split_setup *setup, const char *command, const char *board,
                       const char *goal);
/* "slide: COMMAND: <status>: <note>" for a library call that failed. */
void split_setup_report(const slide_stats *st, int status, const char *command);
/*
 * Nonzero when bound is past the deepest search (SLIDE_MAX_SEARCH_DEPTH),
 * with why naming the bound and the maximum (the caller adds what to do).
 */
int split_bound_too_deep(unsigned long long bound, char *why, size_t why_size);
void split_setup_free(split_setup *setup);

#endif /* SLIDE_CLI_ITEMS_H */
