/*
 * cache.c - pattern databases on disk: the cache directory, making a whole
 * set of tables available (each loaded from its file, else built and
 * saved), and the library's slide_pdb_* calls.  One table's file (name,
 * format, mapping, verification) is file.c's.
 */
#include "pdb/pdb_internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int pdb_cache_dir(const char *override, char *buf, size_t size)
{
    const char *base, *suffix = "";
    if (override && *override)
        base = override;
    else if ((base = getenv("SLIDE_CACHE_DIR")) && *base)
        ;
    else if ((base = getenv("XDG_CACHE_HOME")) && base[0] == '/')
        suffix = "/slide"; /* the XDG spec: a relative path is invalid, to be ignored */
    else if ((base = getenv("HOME")) && *base && is_directory(base))
        suffix = "/.cache/slide"; /* never create HOME itself (HOME=/nonexistent in daemons) */
    else
        return SLIDE_E_ARGUMENT;
    int len = snprintf(buf, size, "%s%s", base, suffix);
    return len > 0 && (size_t)len < size ? SLIDE_OK : SLIDE_E_ARGUMENT;
}

int slide_pdb_env_max_group(int *max_group)
{
    const char *text = getenv("SLIDE_PDB_MAX_GROUP");
    *max_group = 0;
    if (!text || !*text)
        return SLIDE_OK;
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || value < 1 || value > SLIDE_MAX_PACKED_CELLS - 1)
        return SLIDE_E_ARGUMENT;
    *max_group = (int)value;
    return SLIDE_OK;
}

int pdb_env_max_group(void)
{
    int max_group;
    slide_pdb_env_max_group(&max_group);
    return max_group;
}

int slide_pdb_cache_dir(const slide_pdb_options *opt, char *buf, size_t size)
{
    return pdb_cache_dir(opt ? opt->cache_dir : NULL, buf, size);
}

int pdb_set_prepare(pdb_set *set, const char *dir, search_budget *budget,
                    const pdb_reporter *reporter, int *loaded, int *built)
{
    int writable = dir != NULL;
    int order[PDB_MAX_GROUPS];
    *loaded = *built = 0;
    pdb_build_order(set, order);
    for (int i = 0; i < set->count; i++) {
        int g = order[i];
        char name[64], why[160];
        pdb_file_name(set, g, name, sizeof name);
        if (dir) {
            int status = pdb_load(dir, set, g, budget, why, sizeof why);
            if (status == SLIDE_OK) {
                (*loaded)++;
                continue;
            }
            if (status == SLIDE_E_MEMLIMIT || status == SLIDE_E_NOMEM) {
                pdb_set_release(set, budget);
                return status;
            }
            if (status == SLIDE_E_CORRUPT)
                pdb_report_note(reporter, "pattern database %s/%s is %s; rebuilding it", dir, name,
                                why);
            else
                pdb_report_note(reporter, "building pattern database %s (%s in %s)", name, why,
                                dir);
        }
        int status = pdb_build_group(set, g, budget, reporter);
        if (status != SLIDE_OK) {
            pdb_set_release(set, budget);
            return status;
        }
        (*built)++;
        if (writable && pdb_save(dir, set, g, why, sizeof why) != SLIDE_OK) {
            pdb_report_note(reporter,
                            "cannot write the cache directory %s (%s); pattern databases are kept "
                            "in memory for this run only",
                            dir, why);
            writable = 0;
        }
    }
    int status = pdb_regions(set, budget);
    if (status != SLIDE_OK)
        pdb_set_release(set, budget);
    return status;
}

int pdb_set_load_cached(pdb_set *set, const char *dir, search_budget *budget,
                        const pdb_reporter *reporter)
{
    for (int g = 0; g < set->count; g++) {
        char why[160];
        int status = pdb_load(dir, set, g, budget, why, sizeof why);
        if (status != SLIDE_OK) {
            if (status == SLIDE_E_CORRUPT) {
                char name[64];
                pdb_file_name(set, g, name, sizeof name);
                pdb_report_note(reporter, "pattern database %s/%s is %s; not used", dir, name, why);
            }
            pdb_set_release(set, budget);
            return status;
        }
    }
    int status = pdb_regions(set, budget);
    if (status != SLIDE_OK)
        pdb_set_release(set, budget);
    return status;
}

int slide_pdb_prepare(const slide_board *goal, const slide_pdb_options *opt, size_t max_memory,
                      slide_progress_fn progress, void *progress_ctx, slide_pdb_summary *summary)
{
    slide_pdb_summary local;
    slide_pdb_options defaults = {NULL, 0, 0, 0};
    if (!summary)
        summary = &local;
    if (!opt)
        opt = &defaults;
    memset(summary, 0, sizeof *summary);
    if (!goal || slide_board_validate(goal, NULL) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    if (goal->rows * goal->cols > SLIDE_MAX_WIDE_CELLS)
        return SLIDE_E_TOO_LARGE;
    double started = monotonic_now();
    slide_limits limits = {max_memory, 0};
    search_budget budget;
    budget_init(&budget, &limits);
    geometry shape;
    geometry_init(&shape, goal->rows, goal->cols);
    pdb_set set;
    int max_group = opt->max_group ? opt->max_group : pdb_env_max_group();
    uint8_t goal_cells[SLIDE_MAX_WIDE_CELLS];
    for (int c = 0; c < shape.cells; c++)
        goal_cells[c] = (uint8_t)goal->cells[c];
    int status = pdb_plan_cells(&set, &shape, goal_cells, max_group, budget.cap);
    if (status != SLIDE_OK)
        return status;
    pdb_reporter reporter = {progress, progress_ctx};
    char dir[4096];
    const char *where = NULL;
    if (!opt->no_disk_cache) {
        if (pdb_cache_dir(opt->cache_dir, dir, sizeof dir) == SLIDE_OK)
            where = dir;
        else
            pdb_report_note(&reporter, "no cache directory (set SLIDE_CACHE_DIR or HOME); "
                                       "pattern databases are kept in memory for this run only");
    }
    status = pdb_set_prepare(&set, where, &budget, &reporter, &summary->loaded, &summary->built);
    summary->groups = set.count;
    summary->mirrored = set.mirrored;
    for (int g = 0; g < set.count; g++) {
        summary->group_size[g] = set.groups[g].size;
        summary->bytes += set.groups[g].bytes;
    }
    summary->peak_memory = budget.peak;
    summary->seconds = monotonic_now() - started;
    pdb_set_release(&set, &budget);
    return status;
}

/*
 * Names slide writes in a cache directory: tables, their verification
 * stamps (file.c) and temporaries left by a killed build.
 */
static int ours(const char *name)
{
    size_t len = strlen(name);
    return (len > 4 && strcmp(name + len - 4, ".pdb") == 0) ||
           (len > 7 && strcmp(name + len - 7, ".pdb.ok") == 0) || strstr(name, ".pdb.tmp.") != NULL;
}

int slide_pdb_cache_clear(const char *dir, unsigned *removed)
{
    *removed = 0;
    DIR *d = opendir(dir);
    if (!d)
        return errno == ENOENT ? SLIDE_OK : SLIDE_E_IO;
    int status = SLIDE_OK;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!ours(e->d_name))
            continue;
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (unlink(path) == 0)
            (*removed)++;
        else if (errno != ENOENT)
            status = SLIDE_E_IO;
    }
    closedir(d);
    return status;
}
