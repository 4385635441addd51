/*
 * cmd_play.c - `slide play`: the puzzle as a full-screen game in the terminal.
 * The rules and the solver thread are game.c's, the screen is term.c's;
 * this file is the event loop between them and what the screen says.
 */
#include "cli/commands.h"
#include "cli/base/base.h"
#include "cli/game/game.h"
#include "cli/game/term.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PLAY_MIN_SIDE 2
#define PLAY_MAX_SIDE 10

enum { OPT_SIZE = 1, OPT_SEED, OPT_GOAL, OPT_HELP };

/* clang-format off */
static const cli_option play_options[] = {
    {"size", 's', OPT_SIZE, "RxC", "shape of the random boards (default 4x4; sides 2 to 10)"},
    {"seed", 0, OPT_SEED, "S", "seed of the random boards (default: from the clock)"},
    CLI_OPTION_GOAL(OPT_GOAL),
    CLI_OPTION_HELP(OPT_HELP),
    {NULL, 0, 0, NULL, NULL},
};
/* clang-format on */

void cli_help_play(FILE *f)
{
    fputs("usage: slide play [--size RxC] [--seed S] [--goal BOARD] [BOARD]\n"
          "\n"
          "Plays the puzzle in the terminal: BOARD, or a random board of --size\n"
          "(default 4x4; sides 2 to 10), reproducible with --seed.\n"
          "\n",
          f);
    cli_help_options(f, play_options, NULL);
    fputs("\n"
          "keys:\n"
          "  arrows, w a s d, h j k l   slide a tile into the blank, in the arrow's direction\n"
          "  t                          arrows move the blank instead (and back)\n"
          "  mouse click                slide the clicked tile and those between it and the blank\n"
          "  ?                          hint: the next move of a shortest solution (up to\n"
          "                             16 cells; of a valid one above)\n"
          "  u                          undo\n"
          "  n                          new random board\n"
          "  S                          let slide solve the rest (animated)\n"
          "  q                          quit\n"
          "\n"
          "Tiles on their goal cell are shown apart from the others (green, or in\n"
          "parentheses without colour; NO_COLOR and TERM=dumb are respected).\n",
          f);
}

typedef struct play {
    term term;
    term_frame frame;
    game game;
    game_solver *solver;
    game_layout layout;
    int layout_fits;
    int compact; /* no title and spacing lines: the board needs the room */
    slide_rng rng;
    int tile_convention; /* arrows move tiles (1) or the blank (0) */
    int optimum_wanted;  /* the board has at most 16 cells, so the optimum is worth a search */
    /* the optimum from the start board */
    unsigned long start_request;
    long optimum; /* -1 unknown */
    /* hint and solve requests */
    unsigned long request;
    int hint_wanted;
    int solve_wanted;
    double asked_at;
    char hint;           /* the hint on screen, a blank letter */
    double hint_seconds; /* from the key to the hint */
    /* the solve animation */
    int animating;
    double next_step;
    double step_delay;
    size_t moves_by_slide;
    int hints_used;
    /* timer and win */
    double started; /* at the first move; 0 before */
    double elapsed_at_win;
    int won;
    char message[200];
} play;

static void set_message(play *p, const char *text)
{
    snprintf(p->message, sizeof p->message, "%s", text);
}

static double elapsed(const play *p)
{
    if (p->won)
        return p->elapsed_at_win;
    return p->started > 0 ? game_now() - p->started : 0;
}

/* ----------------------------------------------------------------- screen */

static const char *const direction_names[] = {"up", "down", "left", "right"};

/* The status line: moves, time and the optimum from the start board. */
static void status_line(const play *p, char *buf, size_t size)
{
    int seconds = (int)elapsed(p);
    char optimum[48];
    if (p->optimum >= 0)
        snprintf(optimum, sizeof optimum, "%ld", p->optimum);
    else if (p->start_request)
        snprintf(optimum, sizeof optimum, "computing");
    else
        snprintf(optimum, sizeof optimum, "unknown");
    snprintf(buf, size, "moves %zu   time %d:%02d   optimum %s", p->game.moves, seconds / 60,
             seconds % 60, optimum);
}

/* What the hint says, in the convention the arrows follow. */
static void hint_text(const play *p, char *buf, size_t size)
{
    int cell = game_moved_cell(&p->game, p->hint);
    unsigned tile = cell >= 0 ? (unsigned)p->game.board.cells[cell] : 0;
    int tile_dir = game_tile_direction(p->hint);
    const char *blank_dir = direction_names[game_move_direction(p->hint)];
    char took[40] = "";
    if (p->hint_seconds >= 0.05) /* said only when the player had to wait for it */
        snprintf(took, sizeof took, "   (found in %.1f s)", p->hint_seconds);
    if (p->tile_convention)
        snprintf(buf, size, "hint: slide %u %s%s", tile, direction_names[tile_dir], took);
    else
        snprintf(buf, size, "hint: blank %s (%c), tile %u goes %s%s", blank_dir, p->hint, tile,
                 direction_names[tile_dir], took);
}

/* The line under the status: what is going on. */
static void message_line(play *p, char *buf, size_t size)
{
    game_solver_state state;
    game_solver_state_get(p->solver, &state);
    if (p->hint) {
        hint_text(p, buf, size);
    } else if (p->animating) {
        long left = game_plan_left(&p->game);
        snprintf(buf, size, "slide is solving: %ld move%s to go (any key stops)", left,
                 left == 1 ? "" : "s");
    } else if (p->hint_wanted || p->solve_wanted) {
        if (state.building)
            snprintf(buf, size, "%s: building pattern databases, %.0f%%",
                     p->hint_wanted ? "hint" : "solve", state.fraction * 100);
        else
            snprintf(buf, size, "%s: thinking...", p->hint_wanted ? "hint" : "solve");
    } else if (p->message[0]) {
        snprintf(buf, size, "%s", p->message);
    } else if (state.building) {
        snprintf(buf, size, "building pattern databases for hints, %.0f%%", state.fraction * 100);
    } else if (state.note[0]) {
        snprintf(buf, size, "%s", state.note);
    } else {
        buf[0] = '\0';
    }
}

static void win_lines(const play *p, char lines[3][160])
{
    int seconds = (int)p->elapsed_at_win;
    snprintf(lines[0], 160, "SOLVED in %zu move%s and %d:%02d", p->game.moves,
             p->game.moves == 1 ? "" : "s", seconds / 60, seconds % 60);
    if (p->optimum >= 0 && (size_t)p->optimum == p->game.moves)
        snprintf(lines[1], 160, "the optimum from the start board: %ld move%s, exactly", p->optimum,
                 p->optimum == 1 ? "" : "s");
    else if (p->optimum >= 0)
        snprintf(lines[1], 160, "the optimum from the start board: %ld move%s (you: %+ld)",
                 p->optimum, p->optimum == 1 ? "" : "s", (long)p->game.moves - p->optimum);
    else if (p->start_request)
        snprintf(lines[1], 160, "the optimum from the start board is still being computed");
    else
        snprintf(lines[1], 160, "no optimum is known for boards over %d cells",
                 SLIDE_MAX_PACKED_CELLS);
    if (p->moves_by_slide || p->hints_used) {
        size_t used = strlen(lines[1]);
        snprintf(lines[1] + used, 160 - used, "; %zu by slide, %d hint%s", p->moves_by_slide,
                 p->hints_used, p->hints_used == 1 ? "" : "s");
    }
    snprintf(lines[2], 160, "n new game   u undo   q quit");
}

/*
 * Lines around the board: title and a spacer above, a spacer, status,
 * message and two lines of keys below; without the title and spacers when
 * the board needs the room.
 */
enum { CHROME_TOP = 2, CHROME_BOTTOM = 5 };

static void plan_layout(play *p)
{
    int rows = p->game.board.rows, cols = p->game.board.cols;
    int lines = p->term.lines, width = p->term.cols;
    game_layout roomy, tight;
    int roomy_ok = game_layout_plan(&roomy, rows, cols, width, CHROME_TOP,
                                    lines - CHROME_TOP - CHROME_BOTTOM, p->term.colour) == 0;
    int tight_ok = game_layout_plan(&tight, rows, cols, width, 0, lines - CHROME_BOTTOM + 1,
                                    p->term.colour) == 0;
    p->compact = !roomy_ok || (roomy.gap_y == 0 && tight_ok && tight.gap_y > 0);
    p->layout = p->compact ? tight : roomy;
    p->layout_fits = p->compact ? tight_ok : roomy_ok;
}

static void draw(play *p)
{
    term_frame *f = &p->frame;
    int width = p->term.cols;
    char line[200];
    term_frame_reset(f, p->term.ansi, p->term.colour);
    if (!p->layout_fits) {
        term_frame_centred(f, width, "the window is too small");
        snprintf(line, sizeof line, "for %dx%d: it needs", p->game.board.rows, p->game.board.cols);
        term_frame_centred(f, width, line);
        snprintf(line, sizeof line, "%dx%d (q quits)", p->layout.width,
                 p->layout.height + CHROME_BOTTOM - 1);
        term_frame_centred(f, width, line);
        term_present(&p->term, f);
        return;
    }
    if (!p->compact) {
        snprintf(line, sizeof line, "slide play  %dx%d%s", p->game.board.rows, p->game.board.cols,
                 p->term.colour ? "" : "   (n) home  [n] away  >n< hint");
        term_frame_centred(f, width, line);
    }
    while (f->lines < p->layout.top)
        term_frame_end_line(f);
    int marked = p->hint ? game_moved_cell(&p->game, p->hint) : -1;
    term_draw_board(f, &p->layout, &p->game.board, &p->game.goal, marked);
    if (!p->compact)
        term_frame_end_line(f);
    status_line(p, line, sizeof line);
    term_frame_centred(f, width, line);
    if (p->won) {
        char lines[3][160];
        win_lines(p, lines);
        for (int i = 0; i < 3; i++)
            term_frame_centred(f, width, lines[i]);
    } else {
        message_line(p, line, sizeof line);
        term_frame_centred(f, width, line);
        term_frame_centred(f, width,
                           p->tile_convention
                               ? "arrows/wasd/hjkl move a tile   click slides   t: blank moves"
                               : "arrows/wasd/hjkl move the blank   click slides   t: tile moves");
        term_frame_centred(f, width, "? hint   u undo   n new   S solve   q quit");
    }
    term_present(&p->term, f);
}

/* ------------------------------------------------------------------ game */

/* Asks the solver for the current board (a hint or a solve is waiting for it). */
static void request_current(play *p)
{
    if (game_solver_request(p->solver, &p->game.board, &p->request) != SLIDE_OK) {
        p->hint_wanted = p->solve_wanted = 0;
        set_message(p, "out of memory");
    }
}

/* Serves a waiting hint or solve from the plan, or asks for one when none is on its way. */
static void serve_waiting(play *p)
{
    if (!p->hint_wanted && !p->solve_wanted)
        return;
    if (game_plan_left(&p->game) < 0) {
        if (!p->request && !p->start_request)
            request_current(p);
        return;
    }
    if (p->hint_wanted) {
        p->hint_wanted = 0;
        p->hint = game_hint(&p->game);
        p->hint_seconds = game_now() - p->asked_at;
        p->hints_used++;
    }
    if (p->solve_wanted) {
        p->solve_wanted = 0;
        long left = game_plan_left(&p->game);
        p->animating = left > 0;
        /* about 8 s in all: a quarter second a move, faster for long (strategy) solutions */
        p->step_delay = left > 0 ? 8.0 / (double)left : 0;
        if (p->step_delay > 0.25)
            p->step_delay = 0.25;
        if (p->step_delay < 0.01)
            p->step_delay = 0.01;
        p->next_step = game_now();
    }
}

static void take_answers(play *p)
{
    game_answer a;
    while (game_solver_take(p->solver, &a)) {
        int for_start = a.id == p->start_request;
        int for_request = a.id == p->request;
        if (for_start) {
            p->start_request = 0;
            p->optimum = a.status == SLIDE_OK && a.optimal ? (long)a.length : -1;
        }
        if (for_request)
            p->request = 0;
        if (a.status == SLIDE_OK) {
            /* a plan the board is on stays; an optimal one beats one that is not */
            long left = game_plan_left(&p->game);
            if (left < 0 || (a.optimal && !p->game.plan.optimal))
                if (game_set_plan(&p->game, &a.from, a.moves, (size_t)a.length, a.optimal) !=
                    SLIDE_OK)
                    set_message(p, "out of memory");
        } else if (for_request || (for_start && (p->hint_wanted || p->solve_wanted))) {
            char text[sizeof p->message];
            snprintf(text, sizeof text, "slide could not solve this board: %s%s%.120s",
                     slide_strerror(a.status), a.note[0] ? ": " : "", a.note);
            set_message(p, text);
            p->hint_wanted = p->solve_wanted = 0;
        }
        game_answer_free(&a);
    }
    serve_waiting(p);
}

/* After any change of the board: the hint is stale, the timer starts, the win is checked. */
static void board_changed(play *p)
{
    p->hint = 0;
    p->message[0] = '\0';
    if (!p->started && p->game.moves > 0)
        p->started = game_now();
    int won = game_won(&p->game);
    if (won && !p->won) {
        p->elapsed_at_win = p->started > 0 ? game_now() - p->started : 0;
        p->animating = 0;
    }
    p->won = won;
}

static void make_move(play *p, char letter)
{
    if (game_move(&p->game, letter) == SLIDE_OK)
        board_changed(p);
}

static void new_game(play *p, const slide_board *start)
{
    game_restart(&p->game, start);
    p->started = 0;
    p->won = 0;
    p->animating = 0;
    p->hint_wanted = p->solve_wanted = 0;
    p->moves_by_slide = 0;
    p->hints_used = 0;
    p->optimum = -1;
    p->start_request = 0;
    board_changed(p);
    if (p->optimum_wanted &&
        game_solver_request(p->solver, &p->game.start, &p->start_request) != SLIDE_OK)
        set_message(p, "out of memory");
}

/* A uniformly random board that reaches the goal and is not the goal; *out is the caller's. */
static int shuffle(play *p, slide_board *out)
{
    for (;;) {
        if (slide_generate(out, &p->game.goal, SLIDE_GEN_RANDOM, 0, &p->rng) != SLIDE_OK)
            return -1;
        if (!slide_board_equal(out, &p->game.goal))
            return 0;
        slide_board_free(out);
    }
}

static void new_shuffle(play *p)
{
    slide_board board;
    if (shuffle(p, &board) != 0) {
        set_message(p, "out of memory");
        return;
    }
    new_game(p, &board);
    slide_board_free(&board);
}

static int arrow_of_key(const term_key *key)
{
    switch (key->kind) {
    case TERM_KEY_UP: return SLIDE_UP;
    case TERM_KEY_DOWN: return SLIDE_DOWN;
    case TERM_KEY_LEFT: return SLIDE_LEFT;
    case TERM_KEY_RIGHT: return SLIDE_RIGHT;
    case TERM_KEY_CHAR: break;
    default: return -1;
    }
    switch (key->ch) {
    case 'w':
    case 'k': return SLIDE_UP;
    case 's':
    case 'j': return SLIDE_DOWN;
    case 'a':
    case 'h': return SLIDE_LEFT;
    case 'd':
    case 'l': return SLIDE_RIGHT;
    default: return -1;
    }
}

/* Handles one key; returns non-zero to quit. */
static int handle_key(play *p, const term_key *key)
{
    if (key->kind == TERM_KEY_CHAR && key->ch == 'q')
        return 1;
    if (!p->layout_fits)
        return 0; /* a board the player cannot see is not played blind: only q works */
    if (p->animating) {
        /* any key stops the animation; the board stays where it got to */
        p->animating = 0;
        if (!(key->kind == TERM_KEY_CHAR && key->ch == 'u'))
            return 0;
    }
    int direction = arrow_of_key(key);
    if (direction >= 0) {
        if (!p->won)
            make_move(p, game_arrow_move(direction, p->tile_convention));
        return 0;
    }
    if (key->kind == TERM_KEY_CLICK) {
        char moves[PLAY_MAX_SIDE];
        int cell = game_layout_cell_at(&p->layout, key->x, key->y);
        int count =
            p->won || !p->layout_fits ? 0 : game_click_moves(&p->game, cell, moves, sizeof moves);
        for (int i = 0; i < count; i++)
            make_move(p, moves[i]);
        return 0;
    }
    if (key->kind != TERM_KEY_CHAR)
        return 0;
    switch (key->ch) {
    case '?':
        if (!p->won && !p->hint) {
            p->hint_wanted = 1;
            p->asked_at = game_now();
            serve_waiting(p);
        }
        break;
    case 'u':
        if (game_undo(&p->game))
            board_changed(p);
        break;
    case 'n': new_shuffle(p); break;
    case 'S':
        if (!p->won) {
            p->hint = 0;
            p->solve_wanted = 1;
            p->asked_at = game_now();
            serve_waiting(p);
        }
        break;
    case 't': p->tile_convention = !p->tile_convention; break;
    default: break;
    }
    return 0;
}

static void animate(play *p)
{
    double now = game_now();
    while (p->animating && now >= p->next_step) {
        char letter = game_hint(&p->game);
        if (!letter || game_move(&p->game, letter) != SLIDE_OK) {
            p->animating = 0;
            break;
        }
        p->moves_by_slide++;
        board_changed(p);
        p->next_step += p->step_delay;
    }
}

/* How long the loop may sleep: until the next animation step or the timer's next second. */
static int wait_budget(const play *p)
{
    double now = game_now();
    if (p->animating) {
        double left = p->next_step - now;
        return left > 0 ? (int)(left * 1e3) + 1 : 0;
    }
    if (p->started > 0 && !p->won && p->term.ansi) {
        /* the clock ticks; without cursor control a frame a second would flood the terminal */
        double since = now - p->started;
        return (int)((1.0 - (since - (double)(long)since)) * 1e3) + 1;
    }
    return -1;
}

static int run(play *p)
{
    int quit = 0;
    plan_layout(p);
    draw(p);
    while (!quit) {
        int events = term_wait(&p->term, wait_budget(p));
        if (events & TERM_QUIT)
            break;
        if (events & TERM_RESIZED)
            plan_layout(p);
        take_answers(p);
        term_key key;
        while (!quit && term_next_key(&p->term, &key))
            quit = handle_key(p, &key);
        animate(p);
        draw(p);
    }
    return 0;
}

/* ---------------------------------------------------------------- command */

/* Reads the options into start and goal; returns 0, -1 after --help, or an exit status. */
static int read_arguments(int argc, char **argv, play *p, slide_board *start, slide_board *goal)
{
    cli_scan scan;
    const char *value, *goal_text = NULL;
    int id, rows = 0, cols = 0, status = 0, have_seed = 0;
    unsigned long long seed = 0;
    slide_parse_error err = slide_parse_error_init();
    if (cli_scan_init(&scan, argc, argv, 2, play_options, "play") != 0)
        return EXIT_FAILED_BOARD;
    while (status == 0 && (id = cli_scan_next(&scan, &value)) != SCAN_END) {
        switch (id) {
        case OPT_HELP:
            cli_help_play(stdout);
            cli_scan_free(&scan);
            return -1;
        case OPT_SIZE:
            if (slide_parse_size(value, &rows, &cols, &err) != SLIDE_OK) {
                cli_error("play: --size: %s", err.message);
                status = EXIT_USAGE;
            }
            break;
        case OPT_SEED:
            if (cli_parse_count(value, ~0ull, &seed)) {
                cli_error("play: --seed: '%.60s' is not a whole number from 0 to 2^64-1", value);
                status = EXIT_USAGE;
            }
            have_seed = 1;
            break;
        case OPT_GOAL: goal_text = value; break;
        default: status = EXIT_USAGE; break;
        }
    }
    if (status == 0 && scan.positional_count > 1) {
        cli_error("play: one BOARD at most (%d given)", scan.positional_count);
        status = EXIT_USAGE;
    }
    if (status == 0 && !rows && !goal_text && scan.positional_count == 0)
        rows = cols = 4;
    if (status == 0)
        status = cli_read_start_goal("play", scan.positional_count ? scan.positional[0] : NULL,
                                     goal_text, rows, cols, start, goal);
    if (status == 0 && (goal->rows < PLAY_MIN_SIDE || goal->rows > PLAY_MAX_SIDE ||
                        goal->cols < PLAY_MIN_SIDE || goal->cols > PLAY_MAX_SIDE)) {
        cli_error("play: %s %dx%d board is too large to play here (sides %d to %d)",
                  cli_article((unsigned long)goal->rows), goal->rows, goal->cols, PLAY_MIN_SIDE,
                  PLAY_MAX_SIDE);
        status = EXIT_USAGE;
    }
    if (!have_seed)
        seed = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
    slide_rng_seed(&p->rng, seed);
    cli_scan_free(&scan);
    return status;
}

int cli_play(int argc, char **argv)
{
    play p;
    slide_board start = {0, 0, 0, NULL}, goal = {0, 0, 0, NULL};
    memset(&p, 0, sizeof p);
    p.tile_convention = 1;
    p.optimum = -1;
    int status = read_arguments(argc, argv, &p, &start, &goal);
    if (status == 0 && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
        cli_error("play: %s is not a terminal (slide play is a full-screen game; to see a "
                  "solution without one, use slide solve -o path or -o svg)",
                  isatty(STDIN_FILENO) ? "stdout" : "stdin");
        status = EXIT_USAGE;
    }
    if (status == 0 && game_init(&p.game, start.cells ? &start : &goal, &goal) != SLIDE_OK) {
        cli_error("out of memory");
        status = EXIT_FAILED_BOARD;
    }
    if (status != 0) {
        slide_board_free(&start);
        slide_board_free(&goal);
        game_free(&p.game);
        return status < 0 ? EXIT_DONE : status;
    }
    term_detect(&p.term);
    if (term_open(&p.term, STDIN_FILENO, STDOUT_FILENO, 1) != 0) {
        cli_error("play: cannot set up the terminal: %s", strerror(errno));
        status = EXIT_FAILED_BOARD;
    } else if (game_solver_create(&p.solver, &goal, p.term.wake[1]) != SLIDE_OK) {
        term_close(&p.term);
        cli_error("play: cannot start the solver thread");
        status = EXIT_FAILED_BOARD;
    }
    if (status == 0) {
        p.optimum_wanted = goal.rows * goal.cols <= SLIDE_MAX_PACKED_CELLS;
        if (start.cells)
            new_game(&p, &start);
        else
            new_shuffle(&p);
        status = run(&p);
        game_solver_free(p.solver);
        term_close(&p.term);
        term_exit_by_signal(&p.term);
    }
    term_frame_free(&p.frame);
    game_free(&p.game);
    slide_board_free(&start);
    slide_board_free(&goal);
    return status;
}
