/*
 * cache.c - pattern databases on disk: the cache directory, making a whole
 * set of tables available (each loaded from its file, else built and
 * saved), and the library's slide_pdb_* calls.  One table's file (name,
 * format, mapping, verification) is file.c's.
 */
#include "core/abi.h"
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
    if (ABI_MISSING(max_group))
        return SLIDE_E_ARGUMENT;
    const char *text = getenv("SLIDE_PDB_MAX_GROUP");
    *max_group = 0;
    if (!text || !*text)
        return SLIDE_OK;
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    /* digits only: strtol would take " 5" and "+5" but not "5 " */
    if (errno || *text < '0' || *text > '9' || *end != '\0' || value < 1 ||
        value > SLIDE_MAX_PACKED_CELLS - 1)
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
    slide_pdb_options options;
    if (ABI_MISSING(buf) ||
        abi_copy_in(&options, sizeof options, opt, ABI_MIN_PDB_OPTIONS) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    return pdb_cache_dir(options.cache_dir, buf, size);
}

/*
 * How one group's table is made available: loaded from its file in dir,
 * else (unless load_only) built and saved there, with a note for a file
 * that was damaged or missing.
 */
typedef struct group_job {
    pdb_set *set;
    int g;
    const char *dir;
    const pdb_reporter *reporter;
    int load_only;
    int writable; /* dir takes files: cleared after the first failed save */
    int loaded;   /* groups loaded and built so far */
    int built;
    int made; /* the context's entry was made by this job */
} group_job;

/* Group g's table by the job's rule into set->groups[g], charged to budget. */
static int make_group(group_job *job, search_budget *budget)
{
    pdb_set *set = job->set;
    int g = job->g;
    char name[64], why[160];
    pdb_file_name(set, g, name, sizeof name);
    if (job->dir) {
        int status = pdb_load(job->dir, set, g, budget, why, sizeof why);
        if (status == SLIDE_OK) {
            job->loaded++;
            return SLIDE_OK;
        }
        if (job->load_only) {
            if (status == SLIDE_E_CORRUPT)
                pdb_report_note(job->reporter, "pattern database %s/%s is %s; not used", job->dir,
                                name, why);
            return status;
        }
        if (status == SLIDE_E_MEMLIMIT || status == SLIDE_E_NOMEM)
            return status;
        if (status == SLIDE_E_CORRUPT)
            pdb_report_note(job->reporter, "pattern database %s/%s is %s; rebuilding it", job->dir,
                            name, why);
        else
            pdb_report_note(job->reporter, "building pattern database %s (%s in %s)", name, why,
                            job->dir);
    } else if (job->load_only) {
        return SLIDE_E_IO;
    }
    int status = pdb_build_group(set, g, budget, job->reporter);
    if (status != SLIDE_OK)
        return status;
    job->built++;
    if (job->writable && pdb_save(job->dir, set, g, why, sizeof why) != SLIDE_OK) {
        pdb_report_note(job->reporter,
                        "cannot write the cache directory %s (%s); pattern databases are kept "
                        "in memory for this run only",
                        job->dir, why);
        job->writable = 0;
    }
    return SLIDE_OK;
}

/* A context's CACHE_PDB_TABLE entry: the group make_group made, kept for every set. */
static int build_table(void *arg, search_budget *budget, void **data, size_t *size)
{
    group_job *job = arg;
    int status = make_group(job, budget);
    if (status != SLIDE_OK)
        return status;
    pdb_group *kept = budget_alloc(budget, sizeof *kept);
    if (!kept) {
        pdb_group_release(&job->set->groups[job->g], budget);
        return budget->status;
    }
    *kept = job->set->groups[job->g];
    job->made = 1;
    *data = kept;
    *size = sizeof *kept;
    return SLIDE_OK;
}

static void destroy_table(void *data, size_t size, search_budget *budget)
{
    pdb_group_release(data, budget);
    budget_free(budget, data, size);
}

/* t reads the entries of owner, which stay owner's (or its context's) to release. */
static void borrow(pdb_group *t, const pdb_group *owner)
{
    t->data = owner->data;
    t->bytes = owner->bytes;
    t->entry_bits = owner->entry_bits;
    t->mapping = owner->mapping;
    t->mapping_bytes = owner->mapping_bytes;
    t->shared = 1;
}

/* The key of group g's table in a context: its file's name, which says all it depends on. */
static size_t table_key(const pdb_set *set, int g, char *name, size_t size)
{
    pdb_file_name(set, g, name, size);
    return strlen(name);
}

/*
 * Group g by job's rule: its own when the set shares through no context,
 * else borrowed from the context's entry for its file, made now when no
 * set made it before.
 */
static int obtain_group(group_job *job, search_budget *budget)
{
    pdb_set *set = job->set;
    if (!set->context)
        return make_group(job, budget);
    char name[64];
    size_t len = table_key(set, job->g, name, sizeof name);
    void *data;
    job->made = 0;
    int status = context_cache_get(set->context, CACHE_PDB_TABLE, name, len, build_table,
                                   destroy_table, job, &data);
    if (status != SLIDE_OK)
        return status;
    const pdb_group *kept = data;
    borrow(&set->groups[job->g], kept);
    if (!job->made)
        set->shared_bytes += kept->bytes;
    return SLIDE_OK;
}

/*
 * The groups in order by job's rule, then the region lookup; on failure
 * nothing is held.  A group whose table is an earlier group's (the same
 * file: the 24-puzzle's four blocks are two tables, each turned) reads
 * that group's, held and counted once.
 */
static int obtain_set(group_job *job, const int *order, search_budget *budget)
{
    pdb_set *set = job->set;
    char names[PDB_MAX_GROUPS][64];
    int done[PDB_MAX_GROUPS];
    set->table_bytes = set->shared_bytes = 0;
    for (int i = 0; i < set->count; i++) {
        int g = job->g = order ? order[i] : i, same = -1;
        table_key(set, g, names[g], sizeof names[g]);
        for (int k = 0; k < i && same < 0; k++)
            if (strcmp(names[done[k]], names[g]) == 0)
                same = done[k];
        done[i] = g;
        if (same >= 0) {
            borrow(&set->groups[g], &set->groups[same]); /* the owner releases it */
            continue;
        }
        int status = obtain_group(job, budget);
        if (status != SLIDE_OK) {
            pdb_set_release(set, budget);
            return status;
        }
        set->table_bytes += set->groups[g].bytes;
    }
    int status = pdb_regions(set, budget);
    if (status != SLIDE_OK)
        pdb_set_release(set, budget);
    return status;
}

int pdb_set_prepare(pdb_set *set, const char *dir, search_budget *budget,
                    const pdb_reporter *reporter, int *loaded, int *built, int *unsaved)
{
    group_job job = {set, 0, dir, reporter, 0, dir != NULL, 0, 0, 0};
    int order[PDB_MAX_GROUPS];
    pdb_build_order(set, order);
    int status = obtain_set(&job, order, budget);
    *loaded = job.loaded;
    *built = job.built;
    if (unsaved)
        *unsaved = dir && !job.writable; /* cleared by the first save that failed */
    return status;
}

int pdb_set_load_cached(pdb_set *set, const char *dir, search_budget *budget,
                        const pdb_reporter *reporter)
{
    if (!dir)
        return SLIDE_E_IO;
    if (set->context) {
        /*
         * Every table at hand before any is mapped: a set that falls short
         * must leave no table of its own charged to the context for the run.
         */
        for (int g = 0; g < set->count; g++) {
            char name[64], path[4200];
            size_t len = table_key(set, g, name, sizeof name);
            snprintf(path, sizeof path, "%s/%s", dir, name);
            if (!context_cache_has(set->context, CACHE_PDB_TABLE, name, len) &&
                access(path, R_OK) != 0)
                return SLIDE_E_IO;
        }
    }
    group_job job = {set, 0, dir, reporter, 1, 0, 0, 0, 0};
    return obtain_set(&job, NULL, budget);
}

int pdb_set_at_hand(const pdb_set *set, const char *dir)
{
    for (int g = 0; g < set->count; g++) {
        char name[64];
        size_t len = table_key(set, g, name, sizeof name);
        int held = set->context && context_cache_has(set->context, CACHE_PDB_TABLE, name, len);
        if (!held && (!dir || pdb_probe(dir, set, g) != SLIDE_OK))
            return 0;
    }
    return 1;
}

static int pdb_prepare(const slide_board *goal, const slide_pdb_options *opt, size_t max_memory,
                       slide_progress_fn progress, void *progress_ctx, slide_pdb_summary *summary)
{
    memset(summary, 0, sizeof *summary);
    if (!goal || slide_board_validate(goal, NULL) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    if (goal->rows * goal->cols > SLIDE_MAX_WIDE_CELLS)
        return SLIDE_E_TOO_LARGE;
    double started = monotonic_now();
    slide_limits limits = {.max_memory = max_memory};
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
    int unsaved = 0;
    status = pdb_set_prepare(&set, where, &budget, &reporter, &summary->loaded, &summary->built,
                             &unsaved);
    summary->groups = set.count;
    summary->mirrored = set.mirrored;
    for (int g = 0; g < set.count; g++)
        summary->group_size[g] = set.groups[g].size;
    summary->bytes = status == SLIDE_OK ? set.table_bytes : 0; /* a table two groups read, once */
    summary->peak_memory = budget.peak;
    summary->seconds = monotonic_now() - started;
    summary->all_cached = status == SLIDE_OK && where && !unsaved;
    pdb_set_release(&set, &budget);
    return status;
}

int slide_pdb_prepare(const slide_board *goal, const slide_pdb_options *opt, size_t max_memory,
                      slide_progress_fn progress, void *progress_ctx, slide_pdb_summary *summary)
{
    slide_pdb_options options;
    slide_pdb_summary done;
    if (abi_copy_in(&options, sizeof options, opt, ABI_MIN_PDB_OPTIONS) != SLIDE_OK ||
        abi_check_out(summary, ABI_MIN_PDB_SUMMARY) != SLIDE_OK || options.max_group < 0)
        return SLIDE_E_ARGUMENT;
    int status = pdb_prepare(goal, &options, max_memory, progress, progress_ctx, &done);
    abi_copy_out(summary, &done, sizeof done);
    return status;
}

int slide_pdb_cache_clear(const char *dir, unsigned *removed)
{
    if (ABI_MISSING(dir, removed))
        return SLIDE_E_ARGUMENT;
    *removed = 0;
    DIR *d = opendir(dir);
    if (!d)
        return errno == ENOENT ? SLIDE_OK : SLIDE_E_IO;
    int status = SLIDE_OK;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (pdb_file_name_kind(e->d_name) == PDB_NAME_OTHER)
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
