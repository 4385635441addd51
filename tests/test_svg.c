/*
 * test_svg.c - `slide solve -o svg` (src/cli/game/svg.c) end to end: every file
 * is well-formed XML (xmllint), and read back here its tiles start on the
 * board that was given and their animations end on the goal, the moves
 * written in it replay to the goal, and each move slides exactly one tile.
 */
#include "testkit.h"

#include <sys/stat.h>
#include <unistd.h>

static void assert_well_formed(const char *path)
{
    char command[4200];
    snprintf(command, sizeof command, "xmllint --noout '%s'", path);
    int status = system(command);
    if (status != 0)
        fail_msg("xmllint rejects %s (status %d; is libxml2-utils installed? "
                 "tests/run-tests.sh installs it)",
                 path, status);
}

/* The quoted value of attribute `name` in the tag that starts at `tag`, copied to a new string. */
static char *attribute(const char *tag, const char *name)
{
    const char *end = strchr(tag, '>');
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *at = strstr(tag, key);
    assert_non_null(at);
    assert_true(at < end);
    at += strlen(key);
    const char *close = strchr(at, '"');
    char *value = malloc((size_t)(close - at) + 1);
    assert_non_null(value);
    memcpy(value, at, (size_t)(close - at));
    value[close - at] = '\0';
    return value;
}

typedef struct point {
    int x, y;
} point;

/* Index of v in the sorted distinct list, adding it while building (build != 0). */
static int coordinate_index(int *list, int *count, int v, int build)
{
    for (int i = 0; i < *count; i++)
        if (list[i] == v)
            return i;
    assert_true(build);
    int i = (*count)++;
    list[i] = v;
    while (i > 0 && list[i - 1] > list[i]) {
        int t = list[i];
        list[i] = list[i - 1];
        list[i - 1] = t;
        i--;
    }
    return -1;
}

/*
 * Reads an SVG of slide's back: the start and final board from the tiles'
 * positions (cells found from the distinct coordinates), the moves from the
 * text, and checks each animation's shape.  Returns the number of slides.
 */
static size_t read_back(const char *svg, int rows, int cols, slide_board *start, slide_board *final,
                        char **moves)
{
    int n = rows * cols;
    point *first = calloc((size_t)n, sizeof *first), *last = calloc((size_t)n, sizeof *last);
    int *seen = calloc((size_t)n, sizeof *seen);
    assert_true(first && last && seen);
    size_t slides = 0;
    for (const char *g = strstr(svg, "<g id=\"tile-"); g; g = strstr(g + 1, "<g id=\"tile-")) {
        int tile = atoi(g + 12);
        assert_true(tile >= 1 && tile < n);
        assert_int_equal(seen[tile]++, 0);
        char *transform = attribute(g, "transform");
        assert_int_equal(sscanf(transform, "translate(%d,%d)", &first[tile].x, &first[tile].y), 2);
        free(transform);
        const char *anim = strstr(g, "<animateTransform");
        assert_non_null(anim);
        assert_true(anim < strstr(g, "</g>"));
        char *values = attribute(anim, "values"), *times = attribute(anim, "keyTimes");
        /* as many key times as values, from 0 to 1, never decreasing */
        int value_count = 1, time_count = 1;
        for (const char *p = values; *p; p++)
            value_count += *p == ';';
        for (const char *p = times; *p; p++)
            time_count += *p == ';';
        assert_int_equal(value_count, time_count);
        double previous = -1;
        const char *t = times;
        for (int i = 0; i < time_count; i++) {
            double v = strtod(t, (char **)&t);
            assert_true(v >= previous && v >= 0 && v <= 1);
            assert_true(i > 0 || v == 0);
            assert_true(i < time_count - 1 || v == 1);
            previous = v;
            t += *t == ';';
        }
        point p = {0, 0}, before = {0, 0};
        const char *v = values;
        for (int i = 0; i < value_count; i++) {
            assert_int_equal(sscanf(v, "%d,%d", &p.x, &p.y), 2);
            if (i == 0) {
                assert_true(p.x == first[tile].x && p.y == first[tile].y);
            } else if (p.x != before.x || p.y != before.y) {
                slides++; /* one cell, along a row or a column */
                assert_true((p.x == before.x) != (p.y == before.y));
            }
            before = p;
            v = strchr(v, ';');
            if (v)
                v++;
        }
        last[tile] = p;
        free(values);
        free(times);
    }
    for (int tile = 1; tile < n; tile++)
        assert_int_equal(seen[tile], 1);
    /* cells from the distinct coordinates the tiles start on (every row and column has one) */
    int xs[64], ys[64], nx = 0, ny = 0;
    for (int tile = 1; tile < n; tile++) {
        coordinate_index(xs, &nx, first[tile].x, 1);
        coordinate_index(ys, &ny, first[tile].y, 1);
    }
    assert_int_equal(nx, cols);
    assert_int_equal(ny, rows);
    assert_int_equal(slide_board_init_goal(start, rows, cols), SLIDE_OK);
    assert_int_equal(slide_board_init_goal(final, rows, cols), SLIDE_OK);
    for (int i = 0; i < n; i++)
        start->cells[i] = final->cells[i] = 0;
    for (int tile = 1; tile < n; tile++) {
        int c0 = coordinate_index(xs, &nx, first[tile].x, 0),
            r0 = coordinate_index(ys, &ny, first[tile].y, 0);
        int c1 = coordinate_index(xs, &nx, last[tile].x, 0),
            r1 = coordinate_index(ys, &ny, last[tile].y, 0);
        assert_int_equal(start->cells[r0 * cols + c0], 0);
        assert_int_equal(final->cells[r1 * cols + c1], 0);
        start->cells[r0 * cols + c0] = (uint32_t)tile;
        final->cells[r1 * cols + c1] = (uint32_t)tile;
    }
    for (int i = 0; i < n; i++) {
        if (start->cells[i] == 0)
            start->blank = i;
        if (final->cells[i] == 0)
            final->blank = i;
    }
    /* the moves: the text of the tspans, in order */
    size_t len = 0, cap = 64;
    *moves = malloc(cap);
    assert_non_null(*moves);
    for (const char *s = strstr(svg, "<tspan id=\"moves-"); s;
         s = strstr(s + 1, "<tspan id=\"moves-")) {
        const char *text = strchr(s, '>') + 1, *end = strchr(text, '<');
        while (len + (size_t)(end - text) + 1 > cap)
            *moves = realloc(*moves, cap *= 2);
        assert_non_null(*moves);
        memcpy(*moves + len, text, (size_t)(end - text));
        len += (size_t)(end - text);
    }
    (*moves)[len] = '\0';
    free(first);
    free(last);
    free(seen);
    return slides;
}

/*
 * Checks an SVG file: well-formed, its first frame the board given, its last
 * the goal, one slide a move, its moves replaying to the goal (and equal to
 * want_moves unless NULL), its move count in the text.
 */
static void check_file(const char *path, const char *board_text, const char *goal_text,
                       const char *want_moves)
{
    assert_well_formed(path);
    slide_board given = testkit_board(board_text, 0, 0);
    slide_board goal =
        goal_text ? testkit_board(goal_text, given.rows, given.cols) : (slide_board){0, 0, 0, NULL};
    if (!goal_text)
        assert_int_equal(slide_board_init_goal(&goal, given.rows, given.cols), SLIDE_OK);
    char *svg = testkit_read_file(path), *moves;
    slide_board start, final;
    size_t slides = read_back(svg, given.rows, given.cols, &start, &final, &moves);
    assert_true(slide_board_equal(&start, &given));
    assert_true(slide_board_equal(&final, &goal)); /* the last frame is the goal */
    if (want_moves)
        assert_string_equal(moves, want_moves);
    assert_int_equal(slides, strlen(moves)); /* each move slides one tile one cell */
    testkit_assert_solves(&given, &goal, moves);
    char count[48];
    snprintf(count, sizeof count, ">%zu move%s (the blank's", strlen(moves),
             strlen(moves) == 1 ? "" : "s");
    assert_non_null(strstr(svg, count));
    free(moves);
    free(svg);
    slide_board_free(&start);
    slide_board_free(&final);
    slide_board_free(&given);
    slide_board_free(&goal);
}

/* Solves board with -o svg into path and checks the file, its moves those slide solve prints. */
static void check_one(const char *board_text, const char *goal_text, const char *path)
{
    testkit_run r = goal_text ? RUN(NULL, "solve", "-o", "svg", "--goal", goal_text, board_text)
                              : RUN(NULL, "solve", "-o", "svg", board_text);
    assert_int_equal(r.status, 0);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(r.out, f);
    fclose(f);
    testkit_run_free(&r);
    testkit_run m = goal_text ? RUN(NULL, "solve", "--goal", goal_text, board_text)
                              : RUN(NULL, "solve", board_text);
    assert_int_equal(m.status, 0);
    m.out[strcspn(m.out, "\n")] = '\0';
    check_file(path, board_text, goal_text, m.out);
    testkit_run_free(&m);
}

static void drawings_start_on_the_board_and_end_on_the_goal(void **state)
{
    (void)state;
    char path[] = "/tmp/slide-svg-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    check_one("2 3 4 1 5 x 7 6 8", NULL, path);
    check_one("1 2 3 4 5 6 7 8 x", NULL, path); /* nothing to do: a still picture */
    check_one("1 2 3 4 5 6 7 x 8", NULL, path);
    check_one("2 8 3 1 6 4 7 x 5", "1 2 3 8 x 4 7 6 5", path); /* another goal */
    check_one("5 1 3 4 9 2 7 8 13 6 10 12 x 14 11 15", NULL, path);
    check_one("1 2 3 4 5/6 7 8 9 10/x 11 12 13 14", NULL, path);
    testkit_run g = RUN(NULL, "gen", "--size", "6x6", "--seed", "4");
    assert_int_equal(g.status, 0);
    g.out[strcspn(g.out, "\n")] = '\0';
    check_one(g.out, NULL, path); /* strategy: hundreds of moves */
    testkit_run_free(&g);
    remove(path);
}

static void a_batch_writes_one_file_a_board(void **state)
{
    (void)state;
    char dir[] = "/tmp/slide-svg-dir-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out_dir[64];
    snprintf(out_dir, sizeof out_dir, "%s/made", dir); /* made by slide */
    testkit_run r = RUN("1 2 3 4 5 6 7 x 8\n# a comment\n2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 8 7 x\n"
                        "1 2 3 4 5 6 7 9 x\n",
                        "solve", "-o", "svg", "--output-dir", out_dir);
    assert_int_equal(r.status, 1); /* the bad line */
    char want[512];
    snprintf(want, sizeof want, "%s/board-1.svg\n%s/board-3.svg\nunsolvable\nerror\n", out_dir,
             out_dir);
    assert_string_equal(r.out, want);
    assert_non_null(strstr(r.err, "slide: line 5, cell 8: tile 9 is out of range 1-8"));
    testkit_run_free(&r);
    static const char *const expect[][2] = {{"board-1.svg", "1 2 3 4 5 6 7 x 8"},
                                            {"board-3.svg", "2 3 4 1 5 x 7 6 8"}};
    for (int i = 0; i < 2; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", out_dir, expect[i][0]);
        check_file(path, expect[i][1], NULL, NULL);
        remove(path);
    }
    char path[128];
    snprintf(path, sizeof path, "%s/board-4.svg", out_dir);
    assert_int_equal(access(path, F_OK), -1); /* unsolvable: no drawing */
    /* with --jobs the same names and output */
    r = RUN("1 2 3 4 5 6 7 x 8\n2 3 4 1 5 x 7 6 8\n", "solve", "-o", "svg", "--output-dir", out_dir,
            "-j", "2");
    snprintf(want, sizeof want, "%s/board-1.svg\n%s/board-2.svg\n", out_dir, out_dir);
    assert_string_equal(r.out, want);
    testkit_run_free(&r);
    for (int i = 1; i <= 2; i++) {
        snprintf(path, sizeof path, "%s/board-%d.svg", out_dir, i);
        assert_well_formed(path);
        remove(path);
    }
    assert_int_equal(rmdir(out_dir), 0);
    assert_int_equal(rmdir(dir), 0);
}

static void refusals(void **state)
{
    (void)state;
    testkit_run r = RUN(NULL, "solve", "-o", "svg", "1 2 3 4 5 6 7 x 8", "2 3 4 1 5 x 7 6 8");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "-o svg writes one board's drawing to stdout; for several "
                                  "boards give --output-dir DIR"));
    testkit_run_free(&r);
    r = RUN(NULL, "solve", "--output-dir", "/tmp", "1 2 3 4 5 6 7 x 8");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--output-dir goes with -o svg"));
    testkit_run_free(&r);
    r = RUN(NULL, "solve", "-o", "svg", "--output-dir", "/dev/null/x", "1 2 3 4 5 6 7 x 8");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--output-dir: cannot make '/dev/null/x'"));
    testkit_run_free(&r);
    testkit_run g = RUN(NULL, "gen", "--size", "51x50", "--seed", "1");
    r = RUN(NULL, "solve", "-o", "svg", g.out);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "error\n");
    assert_non_null(
        strstr(r.err, "an SVG is drawn for boards of at most 2500 cells; this one has 2550"));
    testkit_run_free(&r);
    testkit_run_free(&g);
}

/* The names in dir besides "." and "..", sorted, one a line, into out. */
static void list_dir(const char *dir, char *out, size_t size)
{
    char command[256];
    snprintf(command, sizeof command, "ls -A %s", dir);
    FILE *p = popen(command, "r");
    assert_non_null(p);
    size_t got = fread(out, 1, size - 1, p);
    out[got] = '\0';
    pclose(p);
}

/*
 * --output-dir never loses a file nor writes through a link: a drawing is
 * written under a temporary name and renamed into place only when whole;
 * a board too large to draw is refused before its search and leaves an
 * older drawing of the same name as it was; the directory is made only
 * when a drawing is written.  One board on stdin is drawn to stdout, as
 * one board argument is.
 */
static void output_dir_keeps_files_and_follows_no_links(void **state)
{
    (void)state;
    char dir[] = "/tmp/slide-svg-keep-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char keep[128], path[160], outside[160], names[512];
    snprintf(keep, sizeof keep, "%s/keep", dir);
    snprintf(path, sizeof path, "%s/board-1.svg", keep);
    snprintf(outside, sizeof outside, "%s/outside.txt", dir);
    assert_int_equal(mkdir(keep, 0777), 0);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("an older drawing\n", f);
    fclose(f);
    testkit_run g = RUN(NULL, "gen", "--size", "51x50", "--seed", "1");
    testkit_run r = RUN(NULL, "solve", "-o", "svg", "--output-dir", keep, g.out);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "error\n");
    assert_non_null(strstr(r.err, "at most 2500 cells; this one has 2550"));
    testkit_run_free(&r);
    testkit_run_free(&g);
    char *kept = testkit_read_file(path);
    assert_string_equal(kept, "an older drawing\n");
    free(kept);
    list_dir(keep, names, sizeof names);
    assert_string_equal(names, "board-1.svg\n"); /* no temporary left behind */

    /* a link at the name is replaced by the drawing, its target untouched */
    f = fopen(outside, "w");
    assert_non_null(f);
    fputs("not slide's\n", f);
    fclose(f);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(symlink(outside, path), 0);
    r = RUN(NULL, "solve", "-o", "svg", "--output-dir", keep, "2 3 4 1 5 x 7 6 8");
    assert_int_equal(r.status, 0);
    testkit_run_free(&r);
    kept = testkit_read_file(outside);
    assert_string_equal(kept, "not slide's\n");
    free(kept);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    check_file(path, "2 3 4 1 5 x 7 6 8", NULL, NULL);
    list_dir(keep, names, sizeof names);
    assert_string_equal(names, "board-1.svg\n");

    /* nothing drawn, no directory made */
    char never[128];
    snprintf(never, sizeof never, "%s/never", dir);
    r = RUN("1 2 3 4 5 6 8 7 x\n1 2 3 4 5 6 7 9 x\n", "solve", "-o", "svg", "--output-dir", never);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "unsolvable\nerror\n");
    assert_int_equal(access(never, F_OK), -1);
    testkit_run_free(&r);

    /* one board on stdin: its drawing on stdout; two: refused before any is drawn */
    r = RUN("# the board\n2 3 4 1 5 x 7 6 8\n", "solve", "-o", "svg");
    assert_int_equal(r.status, 0);
    char *want = testkit_read_file(SLIDE_TEST_DATA "/play/solution.svg");
    assert_string_equal(r.out, want);
    free(want);
    testkit_run_free(&r);
    r = RUN("2 3 4 1 5 x 7 6 8\n\n1 2 3 4 5 6 7 x 8\n", "solve", "-o", "svg");
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "but stdin holds more (line 3 starts another); for several "
                                  "boards give --output-dir DIR"));
    testkit_run_free(&r);

    assert_int_equal(unlink(path), 0);
    assert_int_equal(unlink(outside), 0);
    assert_int_equal(rmdir(keep), 0);
    assert_int_equal(rmdir(dir), 0);
}

/* tests/data/play/solution.svg, which the README shows, is what the command makes today. */
static void readme_example_is_current(void **state)
{
    (void)state;
    const char *path = SLIDE_TEST_DATA "/play/solution.svg";
    testkit_run r = RUN(NULL, "solve", "-o", "svg", "2 3 4 1 5 x 7 6 8");
    assert_int_equal(r.status, 0);
    char *kept = testkit_read_file(path);
    if (strcmp(kept, r.out) != 0)
        fail_msg("%s is not what slide solve -o svg \"2 3 4 1 5 x 7 6 8\" writes now", path);
    free(kept);
    testkit_run_free(&r);
    check_file(path, "2 3 4 1 5 x 7 6 8", NULL, "ullddrurdllurdruldr");
    char *readme = testkit_read_file(SLIDE_TEST_DATA "/../../README.md");
    assert_non_null(strstr(readme, "(tests/data/play/solution.svg)"));
    free(readme);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(drawings_start_on_the_board_and_end_on_the_goal),
    cmocka_unit_test(a_batch_writes_one_file_a_board),
    cmocka_unit_test(refusals),
    cmocka_unit_test(output_dir_keeps_files_and_follows_no_links),
    cmocka_unit_test(readme_example_is_current),
};

TESTKIT_MAIN(tests)
