/*
 * cmd_pdb.c - `slide pdb build|info|clear`: the pattern database cache.
 */
#include "cli/commands.h"
#include "cli/base/base.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------ slide pdb */

enum { OPT_SIZE = 1, OPT_GOAL, OPT_MAX_MEMORY, OPT_MAX_GROUP, OPT_CACHE_DIR, OPT_HELP };

/* clang-format off */
static const cli_option pdb_options[] = {
    {"size", 's', OPT_SIZE, "RxC", "shape (default 4x4, or the goal's)"},
    CLI_OPTION_GOAL(OPT_GOAL),
    CLI_OPTION_MAX_MEMORY(OPT_MAX_MEMORY),
    {"max-group", 0, OPT_MAX_GROUP, "N",
     "at most N tiles a table (default: automatic; at most 8\n"
     "on 4x4, the most a table of that shape can hold)"},
    {"cache-dir", 0, OPT_CACHE_DIR, "DIR", "cache directory for this command"},
    CLI_OPTION_HELP(OPT_HELP),
    {NULL, 0, 0, NULL, NULL},
};
/* clang-format on */

void cli_help_pdb(FILE *f)
{
    fputs("usage: slide pdb build [--size RxC] [--goal BOARD] [--max-memory SIZE] [--max-group N]\n"
          "                       [--cache-dir DIR]\n"
          "       slide pdb info [--cache-dir DIR]\n"
          "       slide pdb clear [--cache-dir DIR]\n"
          "\n"
          "Pattern databases make --heuristic pdb fast, on boards of 10 to 25 cells:\n"
          "--algo auto's optimal answers on 10 to 16 cells that linear conflict does not\n"
          "find in a few milliseconds, and its near-optimal ones on 17 to 25 cells (the\n"
          "24-puzzle), which it gives only once they are cached. They are built on first\n"
          "use (on 10 to 16 cells) and cached on disk; `build` prepares them ahead of a\n"
          "batch (default the 15-puzzle: 4x4, goal 1 2 ... 15 x: its 7-8 tables take a\n"
          "few minutes and 1.2 GiB of memory to build, 495 MiB on disk; --size 5x5 the\n"
          "24-puzzle's 6-6-6-6, over a minute and 700 MiB, 243 MiB on disk). Until the\n"
          "full tables are cached, searches on 10 to 16 cells that use them by default\n"
          "(no --heuristic) use tables that build in seconds (3-6-6 on 4x4) and search\n"
          "slower. Goals that are the same up to renaming tiles, rotating or reflecting\n"
          "the board share tables (the blank-first goal x 1 2 ... 15 uses the\n"
          "15-puzzle's).\n"
          "\n"
          "  build   load or build the tables for a shape and goal, and cache them\n"
          "  info    list the cached tables and verify each one in full\n"
          "  clear   remove the cached tables (only slide's files)\n"
          "\n",
          f);
    cli_help_options(f, pdb_options, NULL);
    fputs("\n"
          "The cache directory is $SLIDE_CACHE_DIR, else $XDG_CACHE_HOME/slide when it is\n"
          "an absolute path, else ~/.cache/slide when the home directory exists (it is\n"
          "never created); an empty variable counts as unset. $SLIDE_PDB_MAX_GROUP (1 to\n"
          "15) caps the automatic group size; any other value is ignored with a warning.\n",
          f);
}

typedef struct pdb_config {
    int rows, cols;
    const char *goal_text;
    size_t max_memory;
    slide_pdb_options pdb;
} pdb_config;

static int read_pdb_options(cli_scan *scan, pdb_config *cfg)
{
    const char *value;
    int id;
    slide_parse_error err = slide_parse_error_init();
    unsigned long long count;
    while ((id = cli_scan_next(scan, &value)) != SCAN_END) {
        switch (id) {
        case SCAN_ERROR: return EXIT_USAGE;
        case OPT_HELP: cli_help_pdb(stdout); return -1;
        case OPT_SIZE:
            if (slide_parse_size(value, &cfg->rows, &cfg->cols, &err) != SLIDE_OK) {
                cli_error("pdb: --size: %s", err.message);
                return EXIT_USAGE;
            }
            break;
        case OPT_GOAL: cfg->goal_text = value; break;
        case OPT_MAX_MEMORY:
            if (cli_parse_memory(value, &cfg->max_memory)) {
                cli_error("pdb: --max-memory: '%.60s' is not a size (e.g. 512M, 4G)", value);
                return EXIT_USAGE;
            }
            break;
        case OPT_MAX_GROUP:
            if (cli_parse_count(value, 15, &count) || count < 1) {
                cli_error("pdb: --max-group: '%.60s' is not a tile count from 1 to 15", value);
                return EXIT_USAGE;
            }
            cfg->pdb.max_group = (int)count;
            break;
        case OPT_CACHE_DIR:
            if (!*value) {
                /* an unset variable must not mean the default cache: `clear` empties it */
                cli_error("pdb: --cache-dir: the directory name is empty");
                return EXIT_USAGE;
            }
            cfg->pdb.cache_dir = value;
            break;
        default: return EXIT_USAGE;
        }
    }
    return 0;
}

static int pdb_build(pdb_config *cfg)
{
    slide_board goal;
    if (cfg->goal_text) {
        if (cli_parse_board_arg("pdb", "--goal", cfg->goal_text, cfg->rows, cfg->cols, &goal) != 0)
            return EXIT_USAGE;
    } else if (slide_board_init_goal(&goal, cfg->rows ? cfg->rows : 4, cfg->cols ? cfg->cols : 4) !=
               SLIDE_OK) {
        cli_error("pdb: --size: no board of that shape");
        return EXIT_USAGE;
    }
    int largest = slide_pdb_largest_group(goal.rows, goal.cols);
    if (cfg->pdb.max_group > largest && largest > 0) {
        /* a cap the tables cannot reach would quietly mean the largest, minutes-long build */
        cli_error("pdb: --max-group: %d tiles is more than a table for %dx%d can hold; at most %d",
                  cfg->pdb.max_group, goal.rows, goal.cols, largest);
        slide_board_free(&goal);
        return EXIT_USAGE;
    }
    cli_progress_state progress;
    cli_progress_init(&progress);
    slide_pdb_summary summary = slide_pdb_summary_init();
    int status =
        slide_pdb_prepare(&goal, &cfg->pdb, cfg->max_memory, cli_progress, &progress, &summary);
    cli_progress_end(&progress);
    int rows = goal.rows, cols = goal.cols;
    slide_board_free(&goal);
    if (status == SLIDE_E_TOO_LARGE) {
        cli_error("pdb: pattern databases cover boards of at most %d cells; this one has %d",
                  SLIDE_MAX_WIDE_CELLS, rows * cols);
        return EXIT_FAILED_BOARD;
    }
    if (status == SLIDE_E_MEMLIMIT) {
        cli_error("pdb: no pattern database for %dx%d fits --max-memory; raise it", rows, cols);
        return EXIT_FAILED_BOARD;
    }
    if (status != SLIDE_OK) {
        cli_error("pdb: %s", slide_strerror(status));
        return EXIT_FAILED_BOARD;
    }
    char dir[4096], bytes[32], peak[32];
    int have_dir =
        !cfg->pdb.no_disk_cache && slide_pdb_cache_dir(&cfg->pdb, dir, sizeof dir) == SLIDE_OK;
    if (!have_dir)
        snprintf(dir, sizeof dir, "(memory)");
    printf("%dx%d: %d table%s (", rows, cols, summary.groups, summary.groups == 1 ? "" : "s");
    for (int g = 0; g < summary.groups; g++)
        printf("%s%d", g ? "-" : "", summary.group_size[g]);
    printf(" tiles%s), %s; %d loaded, %d built in %.1f s, peak memory %s; cache %s\n",
           summary.mirrored ? ", with reflection" : "",
           cli_format_bytes(summary.bytes, bytes, sizeof bytes), summary.loaded, summary.built,
           summary.seconds, cli_format_bytes(summary.peak_memory, peak, sizeof peak), dir);
    if (!cfg->pdb.no_disk_cache && !summary.all_cached) {
        /* a script that builds, then copies the cache to its workers, must not go on */
        if (!have_dir)
            cli_error("pdb: no cache directory to store the tables in (set SLIDE_CACHE_DIR or "
                      "HOME, or give --cache-dir)");
        else
            cli_error("pdb: the tables could not all be stored in the cache %s (the message "
                      "above says why)",
                      dir);
        return EXIT_FAILED_BOARD;
    }
    return 0;
}

/*
 * The cache directory must be one, or not be there yet (build makes it;
 * info and clear find no tables): a file or anything else in its place is
 * an error naming it, before any work, not "(no tables)" or a build whose
 * tables could not be kept.  Returns 0 or an exit status (message printed).
 */
static int check_cache_dir(const pdb_config *cfg, const char *action)
{
    char dir[4096];
    struct stat st;
    if (cfg->pdb.no_disk_cache || slide_pdb_cache_dir(&cfg->pdb, dir, sizeof dir) != SLIDE_OK)
        return 0; /* each action says what it does without one */
    int err =
        stat(dir, &st) == 0 ? (S_ISDIR(st.st_mode) ? 0 : ENOTDIR) : (errno == ENOENT ? 0 : errno);
    if (err == 0)
        return 0;
    cli_error("pdb %s: the cache directory %s%s: %s", action, dir,
              cfg->pdb.cache_dir ? " (--cache-dir)" : "", strerror(err));
    return EXIT_FAILED_BOARD;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Lists the cache directory's tables in name order with their verification. */
static int pdb_info(const pdb_config *cfg)
{
    char dir[4096];
    if (slide_pdb_cache_dir(&cfg->pdb, dir, sizeof dir) != SLIDE_OK) {
        cli_error("pdb: no cache directory (set SLIDE_CACHE_DIR or HOME)");
        return EXIT_FAILED_BOARD;
    }
    printf("cache directory: %s\n", dir);
    DIR *d = opendir(dir);
    if (!d) {
        printf("(no tables)\n");
        return 0;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    int status = 0;
    while ((e = readdir(d)) != NULL) {
        if (!slide_pdb_file_name_is_table(e->d_name))
            continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 16;
            char **bigger = realloc(names, cap * sizeof *names);
            if (!bigger) {
                status = EXIT_FAILED_BOARD;
                break;
            }
            names = bigger;
        }
        if (!(names[count] = strdup(e->d_name))) {
            status = EXIT_FAILED_BOARD;
            break;
        }
        count++;
    }
    closedir(d);
    if (status) {
        cli_error("out of memory");
    } else if (count == 0) {
        printf("(no tables)\n");
    }
    if (count > 1)
        qsort(names, count, sizeof *names, by_name);
    for (size_t i = 0; i < count; i++) {
        char path[4400], size[32];
        slide_pdb_file_info info = slide_pdb_file_info_init();
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        int ok = slide_pdb_file_inspect(path, &info) == SLIDE_OK;
        printf("%s: ", names[i]);
        if (ok) {
            printf("%dx%d, %d tile%s at home on cell%s {", info.rows, info.cols, info.group_size,
                   info.group_size == 1 ? "" : "s", info.group_size == 1 ? "" : "s");
            for (int t = 0; t < info.group_size; t++)
                printf("%s%u", t ? "," : "", (unsigned)info.home[t]);
            printf("} and the blank on cell %d, %llu entries of %d bits%s, %s, valid\n",
                   info.blank_home, (unsigned long long)info.entries, info.entry_bits,
                   info.per_region ? " (per blank region)" : "",
                   cli_format_bytes((size_t)info.file_bytes, size, sizeof size));
        } else {
            printf("INVALID: %s (not used; slide builds the table again when needed)\n",
                   info.problem);
            status = EXIT_FAILED_BOARD; /* a script about to copy the cache must not pass it */
        }
        free(names[i]);
    }
    free(names);
    return status;
}

static int pdb_clear(const pdb_config *cfg)
{
    char dir[4096];
    unsigned removed;
    if (slide_pdb_cache_dir(&cfg->pdb, dir, sizeof dir) != SLIDE_OK) {
        cli_error("pdb: no cache directory (set SLIDE_CACHE_DIR or HOME)");
        return EXIT_FAILED_BOARD;
    }
    int status = slide_pdb_cache_clear(dir, &removed);
    printf("removed %u file%s from %s\n", removed, removed == 1 ? "" : "s", dir);
    if (status != SLIDE_OK) {
        cli_error("pdb: could not remove every file in %s", dir);
        return EXIT_FAILED_BOARD;
    }
    return 0;
}

int cli_pdb(int argc, char **argv)
{
    if (argc < 3) {
        cli_help_pdb(stderr);
        return EXIT_USAGE;
    }
    const char *action = argv[2];
    if (strcmp(action, "--help") == 0 || strcmp(action, "-h") == 0 || strcmp(action, "help") == 0) {
        cli_help_pdb(stdout);
        return 0;
    }
    static const char *const actions[] = {"build", "info", "clear"};
    size_t known = 0;
    while (known < sizeof actions / sizeof actions[0] && strcmp(action, actions[known]) != 0)
        known++;
    if (known == sizeof actions / sizeof actions[0]) {
        cli_suggestion s;
        char hint[96];
        cli_suggest_init(&s, action);
        for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++)
            cli_suggest_consider(&s, actions[i]);
        cli_error("pdb: unknown action '%.60s'%s (build, info or clear)", action,
                  cli_did_you_mean(&s, "", hint, sizeof hint));
        return EXIT_USAGE;
    }
    pdb_config cfg;
    cli_scan scan;
    memset(&cfg, 0, sizeof cfg);
    cfg.pdb = slide_pdb_options_init();
    if (cli_scan_init(&scan, argc, argv, 3, pdb_options, "pdb") != 0) {
        cli_error("out of memory");
        return EXIT_FAILED_BOARD;
    }
    int status = read_pdb_options(&scan, &cfg);
    if (status == 0 && scan.positional_count > 0) {
        cli_error("pdb %s: unexpected argument '%.60s'", action, scan.positional[0]);
        status = EXIT_USAGE;
    }
    if (status == 0 && strcmp(action, "build") != 0 &&
        (cfg.rows || cfg.goal_text || cfg.max_memory || cfg.pdb.max_group)) {
        cli_error("pdb %s: only --cache-dir applies (the options given are for build)", action);
        status = EXIT_USAGE;
    }
    if (status == 0)
        status = check_cache_dir(&cfg, action);
    if (status == 0) {
        if (strcmp(action, "build") == 0)
            status = pdb_build(&cfg);
        else if (strcmp(action, "info") == 0)
            status = pdb_info(&cfg);
        else
            status = pdb_clear(&cfg);
    }
    cli_scan_free(&scan);
    return status < 0 ? EXIT_DONE : status;
}
