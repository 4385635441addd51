/*
 * test_tour.c - a new user's first contact, end to end with the built slide:
 * the help, a typo and its suggestion, `-o tiles`, `slide solve -` and
 * `slide check -` on stdin, the progress line under TERM=dumb, and the
 * library installed to a scratch prefix: only slide_* names exported by
 * libslide.a and libslide.so.0, and a three-line program linked against
 * each with pkg-config and with CMake's find_package, as is a program that
 * has functions named as the library's internal ones.
 */
#define _XOPEN_SOURCE 700 /* posix_openpt, grantpt, unlockpt, ptsname */
#include "testkit.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void expect_status(const testkit_run *r, int status)
{
    if (r->status != status)
        fail_msg("exit %d, want %d; stdout: %s; stderr: %s", r->status, status, r->out, r->err);
}

static void expect_in(const char *text, const char *fragment)
{
    if (!strstr(text, fragment))
        fail_msg("'%s' lacks '%s'", text, fragment);
}

/* ------------------------------------------------------------ the help */

static void help_lists_the_commands_and_the_tiles_output(void **state)
{
    (void)state;
    testkit_run r = RUN(NULL, "help");
    expect_status(&r, 0);
    const char *commands[] = {"solve", "check", "gen", "pdb", "play", "show", "help"};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        char line[32];
        snprintf(line, sizeof line, "\n  %s ", commands[i]);
        expect_in(r.out, line);
    }
    testkit_run_free(&r);
    /* no command at all: the same help, on stderr, as a usage error */
    r = testkit_slide((const char *const[]){NULL}, NULL);
    expect_status(&r, 2);
    expect_in(r.err, "usage: slide COMMAND");
    testkit_run_free(&r);
    r = RUN(NULL, "help", "solve");
    expect_status(&r, 0);
    expect_in(r.out, "tiles (the");
    expect_in(r.out, "slide solve [OPTIONS] [-]");
    testkit_run_free(&r);
}

/* ---------------------------------------------------------- "did you mean" */

/*
 * args (NULL-terminated) fail as a usage error whose message holds fragment:
 * status 2, or 3 (judge failure) from slide check, whose 1 and 2 are verdicts.
 */
static void expect_usage_error(const char *const *args, const char *fragment)
{
    testkit_run r = testkit_slide(args, "");
    expect_status(&r, strcmp(args[0], "check") == 0 ? 3 : 2);
    expect_in(r.err, fragment);
    assert_string_equal(r.out, "");
    testkit_run_free(&r);
}

static void a_typo_gets_a_suggestion(void **state)
{
    (void)state;
    struct {
        const char *args[6];
        const char *message;
    } cases[] = {
        {{"slove", NULL}, "unknown command 'slove'; did you mean 'solve'?"},
        {{"--hlep", NULL}, "did you mean '--help'?"},
        {{"help", "chekc", NULL}, "no command 'chekc'; did you mean 'check'?"},
        {{"solve", "--algp", "bfs", "1 2 3 x", NULL}, "unknown option '--algp'; did you mean '--algo'?"},
        {{"solve", "--max-memroy=3M", "1 2 3 x", NULL}, "did you mean '--max-memory'?"},
        {{"solve", "--out", "steps", "1 2 3 x", NULL}, "did you mean '--output'?"},
        {{"solve", "-a", "idastr", "1 2 3 x", NULL}, "unknown algorithm 'idastr'"},
        {{"solve", "-a", "idastr", "1 2 3 x", NULL}, "did you mean 'idastar'?"},
        {{"solve", "-H", "Manhatan", "1 2 3 x", NULL}, "did you mean 'manhattan'?"},
        {{"solve", "-o", "tilse", "1 2 3 x", NULL}, "'tilse' is not one of moves, steps"},
        {{"solve", "-o", "tilse", "1 2 3 x", NULL}, "did you mean 'tiles'?"},
        {{"solve", "--problem", "poj1087", NULL}, "did you mean 'poj1077'?"},
        {{"gen", "--size", "3x3", "--format", "JSON", NULL}, "did you mean 'json'?"},
        {{"gen", "--seeed", "1", NULL}, "unknown option '--seeed'; did you mean '--seed'?"},
        {{"pdb", "biuld", NULL}, "unknown action 'biuld'; did you mean 'build'?"},
        {{"check", "--optimla", "1 2 3 x", "", NULL}, "did you mean '--optimal'?"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_usage_error(cases[i].args, cases[i].message);
    /* far from every name: no guess, the pointer to the help instead */
    const char *const far[][5] = {
        {"frobnicate", NULL},
        {"solve", "--frobnicate", "1 2 3 x", NULL},
        {"solve", "-a", "dijkstra", "1 2 3 x", NULL},
    };
    for (size_t i = 0; i < sizeof far / sizeof far[0]; i++) {
        testkit_run r = testkit_slide(far[i], "");
        expect_status(&r, 2);
        if (strstr(r.err, "did you mean"))
            fail_msg("a guess for a word far from every name: %s", r.err);
        testkit_run_free(&r);
    }
}

/* ------------------------------------------------------------- -o tiles */

/*
 * The blank's moves that slide the numbered tiles of `tiles` (as -o tiles
 * prints them) one after another from start, worked out here: each tile
 * must be next to the blank when its turn comes.  Returns a string the
 * caller frees.
 */
static char *moves_of_tiles(const slide_board *start, const char *tiles)
{
    size_t n = (size_t)start->rows * (size_t)start->cols;
    uint32_t *cells = malloc(n * sizeof *cells);
    char *moves = malloc(strlen(tiles) + 1);
    assert_non_null(cells);
    assert_non_null(moves);
    memcpy(cells, start->cells, n * sizeof *cells);
    size_t blank = 0, count = 0;
    while (cells[blank] != 0)
        blank++;
    const char *p = tiles;
    while (*p) {
        char *end;
        unsigned long tile = strtoul(p, &end, 10);
        if (end == p || tile == 0 || tile >= n)
            fail_msg("'%s' is not a list of tile numbers (at '%s')", tiles, p);
        size_t at = 0;
        while (cells[at] != tile)
            at++;
        size_t cols = (size_t)start->cols;
        char move = at + cols == blank                       ? 'u'
                    : at == blank + cols                     ? 'd'
                    : at + 1 == blank && blank % cols != 0   ? 'l'
                    : at == blank + 1 && at % cols != 0      ? 'r'
                                                             : 0;
        if (!move)
            fail_msg("tile %lu (move %zu of '%s') is not next to the blank", tile, count + 1, tiles);
        moves[count++] = move;
        cells[blank] = (uint32_t)tile;
        cells[at] = 0;
        blank = at;
        p = end;
        if (*p == ' ')
            p++;
        else if (*p)
            fail_msg("tiles '%s' are not separated by single spaces", tiles);
    }
    moves[count] = '\0';
    free(cells);
    return moves;
}

/* `slide solve -o tiles [--goal goal_text] board`: one line of tiles that slide board to the goal,
 * as many as -o steps says. */
static void expect_tiles_solve(const char *board_text, const char *goal_text)
{
    const char *args[8] = {"solve", "-o", "tiles"};
    int argc = 3;
    if (goal_text) {
        args[argc++] = "--goal";
        args[argc++] = goal_text;
    }
    args[argc++] = board_text;
    args[argc] = NULL;
    testkit_run r = testkit_slide(args, NULL);
    expect_status(&r, 0);
    size_t len = strlen(r.out);
    assert_true(len > 0 && r.out[len - 1] == '\n');
    r.out[len - 1] = '\0';
    assert_null(strchr(r.out, '\n'));
    slide_board goal = goal_text ? testkit_board(goal_text, 0, 0) : (slide_board){0, 0, 0, NULL};
    slide_board start = testkit_board(board_text, goal.rows, goal.cols);
    char *moves = moves_of_tiles(&start, r.out);
    testkit_assert_solves(&start, goal_text ? &goal : NULL, moves);
    /* as short as the optimal answer */
    args[2] = "steps";
    testkit_run steps = testkit_slide(args, NULL);
    expect_status(&steps, 0);
    assert_int_equal(strtol(steps.out, NULL, 10), (long)strlen(moves));
    testkit_run_free(&steps);
    free(moves);
    slide_board_free(&start);
    slide_board_free(&goal);
    testkit_run_free(&r);
}

static void tiles_output_slides_the_board_to_the_goal(void **state)
{
    (void)state;
    expect_tiles_solve("2 3 4 1 5 x 7 6 8", NULL);
    expect_tiles_solve("8 6 7 2 5 4 3 x 1", NULL);
    expect_tiles_solve("123.46758", "12345678.");
    expect_tiles_solve("283104765", "123804765");
    /* two-digit tiles, from boards slide gen makes */
    testkit_run gen = RUN(NULL, "gen", "--size", "4x4", "--walk", "40", "--count", "5", "--seed", "12");
    expect_status(&gen, 0);
    for (char *line = strtok(gen.out, "\n"); line; line = strtok(NULL, "\n"))
        expect_tiles_solve(line, NULL);
    testkit_run_free(&gen);
    /* a solved board slides nothing; an unsolvable one says so, like -o moves */
    testkit_run r = RUN("1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 8 7 x\n", "solve", "-o", "tiles");
    expect_status(&r, 0);
    assert_string_equal(r.out, "\nunsolvable\n");
    testkit_run_free(&r);
}

/* -------------------------------------------------------------- stdin: - */

static void solve_dash_reads_stdin(void **state)
{
    (void)state;
    const char *input = "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 x 8\n";
    testkit_run implicit = RUN(input, "solve", "-o", "steps");
    testkit_run dash = RUN(input, "solve", "-o", "steps", "-");
    expect_status(&implicit, 0);
    expect_status(&dash, 0);
    assert_string_equal(dash.out, "19\n1\n");
    assert_string_equal(dash.out, implicit.out);
    testkit_run_free(&implicit);
    testkit_run_free(&dash);
    /* - among boards: stdin cannot be one board of several */
    testkit_run r = RUN(input, "solve", "1 2 3 x", "-");
    expect_status(&r, 2);
    expect_in(r.err, "'-' reads the boards from stdin");
    testkit_run_free(&r);
}

/* The README's round trip: slide solve's answer checked by slide check reading it from stdin. */
static void check_dash_reads_the_moves_from_stdin(void **state)
{
    (void)state;
    const char *board = "2 3 4 1 5 x 7 6 8";
    testkit_run solved = RUN(NULL, "solve", board);
    expect_status(&solved, 0);
    testkit_run r = RUN(solved.out, "check", board, "-");
    expect_status(&r, 0);
    expect_in(r.out, "ok: 19 moves");
    testkit_run_free(&r);
    /* a wrong answer on stdin is still judged wrong */
    r = RUN("ullddrurdllurdruld\n", "check", board, "-");
    expect_status(&r, 1);
    testkit_run_free(&r);
    testkit_run_free(&solved);
}

/* ------------------------------------------------------- TERM and a tty */

/*
 * Runs the built slide with stderr on a pseudo-terminal and TERM set to
 * term; returns everything it wrote there (the caller frees).
 */
static char *stderr_on_a_terminal(const char *const *args, const char *term)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    assert_true(master >= 0);
    assert_int_equal(grantpt(master), 0);
    assert_int_equal(unlockpt(master), 0);
    const char *name = ptsname(master);
    assert_non_null(name);
    const char *argv[16] = {SLIDE_BINARY};
    int argc = 1;
    for (int i = 0; args[i] && argc < 15; i++)
        argv[argc++] = args[i];
    argv[argc] = NULL;
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        setsid();
        int terminal = open(name, O_RDWR);
        int null = open("/dev/null", O_RDWR);
        if (terminal < 0 || null < 0)
            _exit(127);
        dup2(null, 0);
        dup2(null, 1);
        dup2(terminal, 2);
        close(master);
        setenv("TERM", term, 1);
        execv(SLIDE_BINARY, (char *const *)argv);
        _exit(127);
    }
    size_t len = 0, cap = 4096;
    char *text = malloc(cap);
    assert_non_null(text);
    for (;;) {
        if (len + 1024 > cap) {
            cap *= 2;
            text = realloc(text, cap);
            assert_non_null(text);
        }
        ssize_t got = read(master, text + len, cap - len - 1);
        if (got > 0)
            len += (size_t)got;
        else if (got < 0 && errno == EINTR)
            continue;
        else
            break; /* EIO: the child closed the terminal */
    }
    text[len] = '\0';
    int wstatus;
    assert_true(waitpid(pid, &wstatus, 0) == pid);
    assert_true(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0);
    close(master);
    return text;
}

/* slide pdb build of a 3x3 table into a new cache directory, stderr on a terminal with TERM=term. */
static char *build_on_a_terminal(const char *term)
{
    char dir[] = "/tmp/slide-tour-cache-XXXXXX";
    assert_non_null(mkdtemp(dir));
    const char *args[] = {"pdb", "build", "--size", "3x3", "--cache-dir", dir, NULL};
    char *text = stderr_on_a_terminal(args, term);
    testkit_remove_dir(dir);
    return text;
}

static void progress_line_is_not_drawn_for_term_dumb(void **state)
{
    (void)state;
    char *drawn = build_on_a_terminal("xterm");
    char *dumb = build_on_a_terminal("dumb");
    expect_in(drawn, "\r\033[K");
    expect_in(drawn, "layer");
    if (strchr(dumb, '\033'))
        fail_msg("TERM=dumb got an escape sequence: '%s'", dumb);
    expect_in(dumb, "slide: building pattern database"); /* the notes still come */
    free(drawn);
    free(dumb);
}

/* ------------------------------------------------ install and link */

/* The output of a shell command (stdout and stderr), asserting it exits 0; the caller frees. */
static char *shell(const char *command)
{
    char *wrapped = malloc(strlen(command) + 16);
    assert_non_null(wrapped);
    sprintf(wrapped, "(%s) 2>&1", command);
    FILE *p = popen(wrapped, "r");
    assert_non_null(p);
    char *text = testkit_slurp(p);
    int status = pclose(p);
    if (status != 0)
        fail_msg("'%s' failed (status %d):\n%s", command, status, text);
    free(wrapped);
    return text;
}

/*
 * The program a user would write first, as the README gives it (the C block
 * after "`hello.c`:"): solve the README's board, print the moves.  Read from
 * the README so that what is tested is what a user copies.  The caller frees.
 */
static char *readme_hello_c(void)
{
    FILE *f = fopen(SLIDE_SOURCE_DIR "/README.md", "r");
    assert_non_null(f);
    char line[4096];
    size_t cap = 1 << 14, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    int state = 0; /* 0: before the mention, 1: before the block, 2: in it, 3: done */
    while (state < 3 && fgets(line, sizeof line, f)) {
        if (state == 0 && strstr(line, "`hello.c`:"))
            state = 1;
        else if (state == 1 && strncmp(line, "```c", 4) == 0)
            state = 2;
        else if (state == 2 && strncmp(line, "```", 3) == 0)
            state = 3;
        else if (state == 2) {
            size_t n = strlen(line);
            assert_true(len + n < cap);
            memcpy(text + len, line, n);
            len += n;
        }
    }
    fclose(f);
    if (state != 3)
        fail_msg("README.md has no C block after \"`hello.c`:\"");
    text[len] = '\0';
    return text;
}

/*
 * A program with functions of its own named as the library's internal ones
 * are (a breadth-first search of its own, a packed state): with only
 * slide_* names exported it links, each call reaches its own function, and
 * the library's bfs still answers.  It prints the moves, its own two
 * results and the version it runs against.
 */
static const char own_names_c[] =
    "#include <slide.h>\n"
    "#include <stdio.h>\n"
    "#include <string.h>\n"
    "int bfs_solve(int x);\n"
    "unsigned long long state_pack(const char *s);\n"
    "int bfs_solve(int x) { return x + 1; }\n"
    "unsigned long long state_pack(const char *s) { return strlen(s); }\n"
    "int main(void)\n"
    "{\n"
    "    slide_board b;\n"
    "    slide_solution s;\n"
    "    slide_solve_options o = slide_solve_options_init();\n"
    "    o.algo = \"bfs\";\n"
    "    if (slide_board_parse(\"2 3 4 1 5 x 7 6 8\", 17, NULL, &b, NULL) != SLIDE_OK ||\n"
    "        slide_solve(&b, NULL, &o, &s, NULL) != SLIDE_OK)\n"
    "        return 1;\n"
    "    printf(\"%s %d %llu %s\\n\", s.moves, bfs_solve(41), state_pack(\"abc\"), slide_version());\n"
    "    slide_solution_free(&s);\n"
    "    slide_board_free(&b);\n"
    "    return slide_version_number() == SLIDE_VERSION_NUMBER ? 0 : 1;\n"
    "}\n";

/* Writes text to dir/name. */
static void write_file(const char *dir, const char *name, const char *text)
{
    char path[4200];
    snprintf(path, sizeof path, "%.4000s/%.100s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* This build installed with `cmake --install` into a new scratch prefix; returns the scratch directory. */
static char *install_to_scratch(void)
{
    char *dir = strdup("/tmp/slide-tour-XXXXXX");
    assert_non_null(dir);
    assert_non_null(mkdtemp(dir));
    char command[4096];
    snprintf(command, sizeof command, "'%s' --install '%s' --prefix '%s/prefix'", SLIDE_CMAKE,
             SLIDE_BUILD_DIR, dir);
    free(shell(command));
    const char *installed[] = {"bin/slide", "include/slide.h", "lib/libslide.a",
                               ("lib/libslide.so." SLIDE_VERSION_STRING), "lib/libslide.so.0",
                               "lib/libslide.so", "share/man/man1/slide.1",
                               "share/bash-completion/completions/slide",
                               "share/zsh/site-functions/_slide", "lib/pkgconfig/slide.pc",
                               "lib/cmake/slide/slide-config.cmake"};
    for (size_t i = 0; i < sizeof installed / sizeof installed[0]; i++) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/prefix/%s", dir, installed[i]);
        if (stat(path, &st) != 0 || st.st_size == 0)
            fail_msg("cmake --install did not install %s", installed[i]);
    }
    char sub[4096];
    snprintf(sub, sizeof sub, "%s/hello", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    char *hello_c = readme_hello_c();
    write_file(sub, "hello.c", hello_c);
    free(hello_c);
    write_file(sub, "own_names.c", own_names_c);
    return dir;
}

/*
 * Runs path with the installed library directory (dir/prefix/lib) first on
 * the loader's path and returns its output (the caller frees).  A dynamic
 * program must load the installed libslide.so.0, and a static one none.
 * The programs free what they take, so a sanitizer build checks them for leaks too.
 */
static char *run_installed(const char *dir, const char *path, int shared)
{
    char command[8192];
    snprintf(command, sizeof command,
             "export LD_LIBRARY_PATH='%s/prefix/lib' && if readelf -d '%s' | grep -q "
             "'NEEDED.*libslide'; then echo shared; else echo static; fi && "
             "{ ldd '%s' 2>/dev/null | grep libslide || true; } && '%s'",
             dir, path, path, path);
    char *out = shell(command);
    char want[4200];
    if (shared) {
        snprintf(want, sizeof want, "shared\n\tlibslide.so.0 => %s/prefix/lib/libslide.so.0 (", dir);
        if (strncmp(out, want, strlen(want)) != 0)
            fail_msg("%s does not load the installed libslide.so.0:\n%s", path, out);
    } else if (strncmp(out, "static\n", 7) != 0) {
        fail_msg("%s, linked with the archive, needs a libslide.so:\n%s", path, out);
    }
    char *rest = strdup(strchr(out, '\n') + 1);
    if (shared)
        memmove(rest, strchr(rest, '\n') + 1, strlen(strchr(rest, '\n') + 1) + 1);
    free(out);
    return rest;
}

/* The program at path prints a solution of the README's board. */
static void expect_hello_solves(const char *dir, const char *path, int shared)
{
    char *out = run_installed(dir, path, shared);
    size_t len = strlen(out);
    assert_true(len > 0 && out[len - 1] == '\n');
    out[len - 1] = '\0';
    slide_board start = testkit_board("2 3 4 1 5 x 7 6 8", 0, 0);
    testkit_assert_solves(&start, NULL, out);
    slide_board_free(&start);
    free(out);
}

static void remove_scratch(char *dir)
{
    testkit_remove_dir(dir);
    free(dir);
}

/* How a program links the installed library by pkg-config: libslide.so, ... */
#define PKG_SHARED "$(pkg-config --cflags --libs slide)"
/* ... libslide.a: --static adds what it needs, -Wl,-Bstatic has the linker take the archive ... */
#define PKG_ARCHIVE                                                                                \
    "$(pkg-config --cflags slide) -Wl,-Bstatic $(pkg-config --static --libs slide) -Wl,-Bdynamic"
/* ... and a wholly static program (no sanitizer's runtime allows it). */
#define PKG_STATIC "-static $(pkg-config --static --cflags --libs slide)"

/* Compiles dir/hello/source into dir/hello/output with this build's compiler, linked as `how`. */
static void build_with_pkg_config(const char *dir, const char *source, const char *how,
                                  const char *output)
{
    char command[8192];
    snprintf(command, sizeof command,
             "export PKG_CONFIG_PATH='%s/prefix/lib/pkgconfig' && cd '%s/hello' && "
             "'%s' -std=c11 -Wall -Wextra -Werror %s %s %s -o %s",
             dir, dir, SLIDE_CC, source, how, SLIDE_LINK_FLAGS, output);
    free(shell(command));
}

/*
 * Every name the installed libraries define for a program to link with
 * (nm's defined external symbols of libslide.a, the dynamic ones of
 * libslide.so.0) is slide_*: none of the library's internal functions
 * (bfs_solve, state_pack ...) can meet a program's own.  The shared
 * library's SONAME is libslide.so.MAJOR.
 */
static void installed_libraries_export_only_slide_names(void **state)
{
    (void)state;
    char *dir = install_to_scratch();
    const char *checks[][2] = {{"nm -g --defined-only", "libslide.a"},
                               {"nm -D --defined-only", "libslide.so.0"}};
    for (size_t i = 0; i < 2; i++) {
        char command[8192];
        /* sanitizer builds add their own names (__asan_..., __odr_asan...), which are theirs */
        snprintf(command, sizeof command,
                 "%s '%s/prefix/lib/%s' | awk 'NF == 3 { print $3 }' | sort -u | "
                 "grep -v -e '^slide_' -e '^__asan' -e '^__odr_asan' -e '^__sancov' || true",
                 checks[i][0], dir, checks[i][1]);
        char *leaked = shell(command);
        if (leaked[0])
            fail_msg("%s exports names outside slide_*:\n%s", checks[i][1], leaked);
        free(leaked);
        snprintf(command, sizeof command,
                 "%s '%s/prefix/lib/%s' | awk 'NF == 3 { print $3 }' | sort -u | "
                 "grep -c -e '^slide_version$' -e '^slide_solve$' -e '^slide_board_parse$'",
                 checks[i][0], dir, checks[i][1]);
        char *count = shell(command);
        assert_string_equal(count, "3\n");
        free(count);
    }
    char command[8192];
    snprintf(command, sizeof command, "readelf -d '%s/prefix/lib/libslide.so.0' | grep SONAME", dir);
    char *soname = shell(command);
    char want[64];
    snprintf(want, sizeof want, "[libslide.so.%d]", SLIDE_VERSION_MAJOR);
    if (!strstr(soname, want))
        fail_msg("SONAME: %s", soname);
    free(soname);
    remove_scratch(dir);
}

static void installed_library_links_with_pkg_config(void **state)
{
    (void)state;
    char *dir = install_to_scratch();
    char command[8192];
    /* the installed program works from its new place */
    snprintf(command, sizeof command, "'%s/prefix/bin/slide' solve -o steps '2 3 4 1 5 x 7 6 8'", dir);
    char *out = shell(command);
    assert_string_equal(out, "19\n");
    free(out);
    snprintf(command, sizeof command,
             "PKG_CONFIG_PATH='%s/prefix/lib/pkgconfig' pkg-config --modversion slide", dir);
    out = shell(command);
    assert_string_equal(out, SLIDE_VERSION_STRING "\n");
    free(out);
    build_with_pkg_config(dir, "hello.c", PKG_SHARED, "hello");
    snprintf(command, sizeof command, "%s/hello/hello", dir);
    expect_hello_solves(dir, command, 1);
    build_with_pkg_config(dir, "hello.c", PKG_ARCHIVE, "hello-archive");
    snprintf(command, sizeof command, "%s/hello/hello-archive", dir);
    expect_hello_solves(dir, command, 0);
    if (!strstr(SLIDE_LINK_FLAGS, "sanitize")) {
        build_with_pkg_config(dir, "hello.c", PKG_STATIC, "hello-static");
        snprintf(command, sizeof command, "%s/hello/hello-static", dir);
        expect_hello_solves(dir, command, 0);
    }
    remove_scratch(dir);
}

/* Builds dir/hello with CMake: find_package(slide MAJOR.MINOR) and target (slide::slide ...). */
static void build_with_find_package(const char *dir, const char *target)
{
    char command[8192];
    snprintf(command, sizeof command,
             "cd '%s/hello' && rm -rf build && printf '%%s\\n' 'cmake_minimum_required(VERSION 3.16)' "
             "'project(hello C)' 'find_package(slide %d.%d REQUIRED)' "
             "'add_executable(hello hello.c)' 'target_link_libraries(hello PRIVATE %s)' "
             "'add_executable(own_names own_names.c)' 'target_link_libraries(own_names PRIVATE %s)' "
             "> CMakeLists.txt && '%s' -S . -B build -DCMAKE_PREFIX_PATH='%s/prefix' "
             "-DCMAKE_C_COMPILER='%s' -DCMAKE_EXE_LINKER_FLAGS='%s' && '%s' --build build",
             dir, SLIDE_VERSION_MAJOR, SLIDE_VERSION_MINOR, target, target, SLIDE_CMAKE, dir,
             SLIDE_CC, SLIDE_LINK_FLAGS, SLIDE_CMAKE);
    free(shell(command));
}

static void installed_library_links_with_find_package(void **state)
{
    (void)state;
    char *dir = install_to_scratch();
    char command[8192];
    build_with_find_package(dir, "slide::slide");
    snprintf(command, sizeof command, "%s/hello/build/hello", dir);
    expect_hello_solves(dir, command, 1);
    build_with_find_package(dir, "slide::slide_static");
    expect_hello_solves(dir, command, 0);
    remove_scratch(dir);
}

/*
 * A program that defines its own bfs_solve and state_pack (internal names
 * of the library) links against either library, calls its own, and gets the
 * library's answers; slide_version() is the installed release.
 */
static void a_program_with_the_library_s_internal_names_links(void **state)
{
    (void)state;
    char *dir = install_to_scratch();
    char command[8192];
    build_with_pkg_config(dir, "own_names.c", PKG_SHARED, "own-shared");
    build_with_pkg_config(dir, "own_names.c", PKG_ARCHIVE, "own-archive");
    build_with_find_package(dir, "slide::slide");
    const char *programs[] = {"own-shared", "own-archive", "build/own_names"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(command, sizeof command, "%s/hello/%s", dir, programs[i]);
        char *out = run_installed(dir, command, i != 1);
        assert_string_equal(out, "ullddrurdllurdruldr 42 3 " SLIDE_VERSION_STRING "\n");
        free(out);
    }
    remove_scratch(dir);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(help_lists_the_commands_and_the_tiles_output),
    cmocka_unit_test(a_typo_gets_a_suggestion),
    cmocka_unit_test(tiles_output_slides_the_board_to_the_goal),
    cmocka_unit_test(solve_dash_reads_stdin),
    cmocka_unit_test(progress_line_is_not_drawn_for_term_dumb),
    cmocka_unit_test(installed_libraries_export_only_slide_names),
    cmocka_unit_test(installed_library_links_with_pkg_config),
    cmocka_unit_test(installed_library_links_with_find_package),
    cmocka_unit_test(a_program_with_the_library_s_internal_names_links),
    cmocka_unit_test(check_dash_reads_the_moves_from_stdin),
};

TESTKIT_MAIN(tests)
