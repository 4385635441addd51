/*
 * cache.c - pattern databases on disk.
 *
 * One file a group, named after its shape, goal and tiles:
 *
 *   offset size
 *        0    8  magic "SLIDEPDB"
 *        8    4  format version (PDB_FORMAT_VERSION)
 *       12    4  header size (80)
 *       16    1  rows            17  1  cols
 *       18    1  tiles in group  19  1  bits per entry (4 or 8), + 0x80 per region
 *       20   16  goal, one tile a cell (0 = blank)
 *       36   16  the group's tiles in index-digit order
 *       52    4  entries
 *       56    8  payload bytes
 *       64    8  payload checksum
 *       72    8  checksum of bytes 0 .. 71
 *       80       payload: the entries, (d - manhattan) / 2 each
 *
 * Integers are little-endian.  A file is written under a temporary name in
 * the same directory and renamed into place, so a reader (or a second
 * process building the same group) sees a whole file or none; a file that
 * fails any check is rebuilt, never trusted.
 */
#include "pdb/pdb.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define PDB_MAGIC "SLIDEPDB"
#define PDB_FORMAT_VERSION 1u
#define PDB_HEADER_SIZE 80u
/* In the entry-size byte: the group has an entry per blank region. */
#define PDB_PER_REGION_FLAG 0x80

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

/*
 * A word-at-a-time hash: each step is a bijection of the running value, so
 * any single changed word (a flipped bit, a zeroed page) changes the result.
 */
static uint64_t checksum(const uint8_t *data, size_t len)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)len;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        memcpy(&w, data + i, 8);
#else
        w = get64(data + i);
#endif
        h = (h ^ w) * 0x100000001b3ull;
        h = (h << 31) | (h >> 33);
    }
    for (; i < len; i++)
        h = ((h ^ data[i]) * 0x100000001b3ull);
    return h ^ (h >> 32);
}

static void set_why(char *why, size_t size, const char *fmt, const char *detail)
{
    if (why && size)
        snprintf(why, size, fmt, detail);
}

int pdb_cache_dir(const char *override, char *buf, size_t size)
{
    const char *base, *suffix = "";
    if (override && *override)
        base = override;
    else if ((base = getenv("SLIDE_CACHE_DIR")) && *base)
        ;
    else if ((base = getenv("XDG_CACHE_HOME")) && *base)
        suffix = "/slide";
    else if ((base = getenv("HOME")) && *base)
        suffix = "/.cache/slide";
    else
        return SLIDE_E_ARGUMENT;
    int len = snprintf(buf, size, "%s%s", base, suffix);
    return len > 0 && (size_t)len < size ? SLIDE_OK : SLIDE_E_ARGUMENT;
}

int pdb_env_max_group(void)
{
    const char *text = getenv("SLIDE_PDB_MAX_GROUP");
    if (!text || !*text)
        return 0;
    char *end;
    long value = strtol(text, &end, 10);
    return *end == '\0' && value >= 1 && value <= 15 ? (int)value : 0;
}

int slide_pdb_cache_dir(const slide_pdb_options *opt, char *buf, size_t size)
{
    return pdb_cache_dir(opt ? opt->cache_dir : NULL, buf, size);
}

void pdb_file_name(const pdb_set *set, int g, char *buf, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    char goal[SLIDE_MAX_PACKED_CELLS + 1], tiles[SLIDE_MAX_PACKED_CELLS + 1];
    const pdb_group *t = &set->groups[g];
    int n = set->shape.cells;
    for (int c = 0; c < n; c++)
        goal[c] = hex[state_get(set->goal, c)];
    goal[n] = '\0';
    for (int i = 0; i < t->size; i++)
        tiles[i] = hex[t->tiles[i]];
    tiles[t->size] = '\0';
    snprintf(buf, size, "%dx%d-%s-%s%s.pdb", set->shape.rows, set->shape.cols, goal, tiles,
             t->per_region ? "-r" : "");
}

static void make_header(uint8_t *h, const pdb_set *set, const pdb_group *t, uint64_t sum)
{
    memset(h, 0, PDB_HEADER_SIZE);
    memcpy(h, PDB_MAGIC, 8);
    put32(h + 8, PDB_FORMAT_VERSION);
    put32(h + 12, PDB_HEADER_SIZE);
    h[16] = (uint8_t)set->shape.rows;
    h[17] = (uint8_t)set->shape.cols;
    h[18] = (uint8_t)t->size;
    h[19] = (uint8_t)(t->entry_bits | (t->per_region ? PDB_PER_REGION_FLAG : 0));
    for (int c = 0; c < set->shape.cells; c++)
        h[20 + c] = (uint8_t)state_get(set->goal, c);
    memcpy(h + 36, t->tiles, (size_t)t->size);
    put32(h + 52, t->entries);
    put64(h + 56, (uint64_t)t->bytes);
    put64(h + 64, sum);
    put64(h + 72, checksum(h, 72));
}

/* Reads exactly len bytes; 0 on success, -1 on error or end of file. */
static int read_all(int fd, void *buf, size_t len)
{
    uint8_t *p = buf;
    while (len) {
        ssize_t got = read(fd, p, len > (1u << 30) ? (1u << 30) : len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return -1;
        p += got;
        len -= (size_t)got;
    }
    return 0;
}

static int write_all(int fd, const void *buf, size_t len)
{
    const uint8_t *p = buf;
    while (len) {
        ssize_t put = write(fd, p, len > (1u << 30) ? (1u << 30) : len);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            return -1;
        p += put;
        len -= (size_t)put;
    }
    return 0;
}

/*
 * Checks a header on its own: magic, version, checksum, field ranges.
 * Returns NULL when sound, else the reason.
 */
static const char *header_problem(const uint8_t *h)
{
    if (memcmp(h, PDB_MAGIC, 8) != 0)
        return "not a slide pattern database";
    if (get32(h + 8) != PDB_FORMAT_VERSION)
        return "written by another format version";
    if (get32(h + 12) != PDB_HEADER_SIZE || get64(h + 72) != checksum(h, 72))
        return "damaged header";
    int rows = h[16], cols = h[17], k = h[18], bits = h[19] & ~PDB_PER_REGION_FLAG;
    if (rows < 2 || cols < 2 || rows * cols > SLIDE_MAX_PACKED_CELLS || k < 1 || k >= rows * cols ||
        (bits != 4 && bits != 8))
        return "header fields out of range";
    if (get64(h + 56) != pdb_entries_bytes(get32(h + 52), bits & ~PDB_PER_REGION_FLAG))
        return "header sizes disagree";
    return NULL;
}

int pdb_load(const char *dir, pdb_set *set, int g, search_budget *budget, char *why, size_t why_size)
{
    char name[64], path[4200];
    pdb_group *t = &set->groups[g];
    pdb_file_name(set, g, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    /* O_NONBLOCK: a FIFO under a group file's name must not block the open forever */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        set_why(why, why_size, "%s", errno == ENOENT ? "missing" : strerror(errno));
        return SLIDE_E_IO;
    }
    struct stat st;
    uint8_t h[PDB_HEADER_SIZE], expect[PDB_HEADER_SIZE];
    int status = SLIDE_E_CORRUPT;
    const char *problem = NULL;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        problem = "not a regular file";
    } else if (read_all(fd, h, sizeof h) != 0) {
        problem = "truncated inside its header";
    } else if ((problem = header_problem(h)) == NULL) {
        /* the header must name exactly this group: otherwise the file is stale */
        pdb_group want = *t;
        want.entry_bits = h[19] & ~PDB_PER_REGION_FLAG;
        want.bytes = pdb_entries_bytes(t->entries, want.entry_bits);
        make_header(expect, set, &want, get64(h + 64));
        if (memcmp(h, expect, PDB_HEADER_SIZE) != 0)
            problem = "stale (made for another shape, goal or group)";
        else if ((uint64_t)st.st_size != PDB_HEADER_SIZE + (uint64_t)want.bytes)
            problem = (uint64_t)st.st_size < PDB_HEADER_SIZE + (uint64_t)want.bytes
                          ? "truncated"
                          : "longer than its header says";
        else {
            uint8_t *data = budget_alloc(budget, want.bytes);
            pdb_advise_huge(data, want.bytes);
            if (!data) {
                status = budget->status;
                problem = "no memory";
            } else if (read_all(fd, data, want.bytes) != 0) {
                budget_free(budget, data, want.bytes);
                problem = "truncated";
            } else if (checksum(data, want.bytes) != get64(h + 64)) {
                budget_free(budget, data, want.bytes);
                problem = "checksum mismatch (damaged)";
            } else {
                t->data = data;
                t->bytes = want.bytes;
                t->entry_bits = want.entry_bits;
                status = SLIDE_OK;
            }
        }
    }
    close(fd);
    if (status != SLIDE_OK)
        set_why(why, why_size, "%s", problem);
    return status;
}

/* mkdir -p; 0 or -1 with errno. */
static int make_dirs(const char *dir)
{
    char path[4200];
    int len = snprintf(path, sizeof path, "%s", dir);
    if (len <= 0 || (size_t)len >= sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(path, 0755) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

int pdb_save(const char *dir, const pdb_set *set, int g, char *why, size_t why_size)
{
    char name[64], path[4200], temp[4300];
    const pdb_group *t = &set->groups[g];
    uint8_t h[PDB_HEADER_SIZE];
    if (make_dirs(dir) != 0) {
        set_why(why, why_size, "%s", strerror(errno));
        return SLIDE_E_IO;
    }
    pdb_file_name(set, g, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    /* unique per process and call, so concurrent writers never share a temporary */
    snprintf(temp, sizeof temp, "%s.tmp.%ld.%llx", path, (long)getpid(),
             (unsigned long long)(monotonic_now() * 1e9));
    int fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
        set_why(why, why_size, "%s", strerror(errno));
        return SLIDE_E_IO;
    }
    make_header(h, set, t, checksum(t->data, t->bytes));
    int failed =
        write_all(fd, h, sizeof h) != 0 || write_all(fd, t->data, t->bytes) != 0 || fsync(fd) != 0;
    int saved_errno = errno;
    if (close(fd) != 0 && !failed) {
        failed = 1;
        saved_errno = errno;
    }
    if (!failed && rename(temp, path) != 0) {
        failed = 1;
        saved_errno = errno;
    }
    if (failed) {
        unlink(temp);
        set_why(why, why_size, "%s", strerror(saved_errno ? saved_errno : EIO));
        return SLIDE_E_IO;
    }
    return SLIDE_OK;
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

int slide_pdb_prepare(const slide_board *goal, const slide_pdb_options *opt, size_t max_memory,
                      slide_progress_fn progress, void *progress_ctx, slide_pdb_summary *summary)
{
    slide_pdb_summary local;
    slide_pdb_options defaults = {NULL, 0, 0};
    if (!summary)
        summary = &local;
    if (!opt)
        opt = &defaults;
    memset(summary, 0, sizeof *summary);
    if (!goal || slide_board_validate(goal, NULL) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    if (goal->rows * goal->cols > SLIDE_MAX_PACKED_CELLS)
        return SLIDE_E_TOO_LARGE;
    double started = monotonic_now();
    slide_limits limits = {max_memory, 0};
    search_budget budget;
    budget_init(&budget, &limits);
    geometry shape;
    geometry_init(&shape, goal->rows, goal->cols);
    pdb_set set;
    int max_group = opt->max_group ? opt->max_group : pdb_env_max_group();
    int status = pdb_plan(&set, &shape, state_pack(goal), max_group, budget.cap);
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

int slide_pdb_file_inspect(const char *path, slide_pdb_file_info *info)
{
    memset(info, 0, sizeof *info);
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(info->problem, sizeof info->problem, "%s", strerror(errno));
        return SLIDE_E_IO;
    }
    struct stat st;
    uint8_t h[PDB_HEADER_SIZE];
    const char *problem = NULL;
    int status = SLIDE_E_CORRUPT;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        problem = "not a regular file";
    } else if (read_all(fd, h, sizeof h) != 0) {
        problem = "truncated inside its header";
    } else if ((problem = header_problem(h)) == NULL) {
        info->file_bytes = (uint64_t)st.st_size;
        info->rows = h[16];
        info->cols = h[17];
        info->group_size = h[18];
        info->entry_bits = h[19] & ~PDB_PER_REGION_FLAG;
        info->per_region = (h[19] & PDB_PER_REGION_FLAG) != 0;
        memcpy(info->goal, h + 20, SLIDE_MAX_PACKED_CELLS);
        memcpy(info->tiles, h + 36, SLIDE_MAX_PACKED_CELLS);
        info->entries = get32(h + 52);
        uint64_t bytes = get64(h + 56);
        if ((uint64_t)st.st_size != PDB_HEADER_SIZE + bytes) {
            problem = (uint64_t)st.st_size < PDB_HEADER_SIZE + bytes
                          ? "truncated"
                          : "longer than its header says";
        } else {
            search_budget budget;
            budget_init(&budget, NULL);
            uint8_t *data = budget_alloc(&budget, (size_t)bytes);
            if (!data) {
                problem = "not enough memory to verify";
                status = SLIDE_E_NOMEM;
            } else {
                if (read_all(fd, data, (size_t)bytes) != 0)
                    problem = "truncated";
                else if (checksum(data, (size_t)bytes) != get64(h + 64))
                    problem = "checksum mismatch (damaged)";
                else
                    status = SLIDE_OK;
                budget_free(&budget, data, (size_t)bytes);
            }
        }
    }
    close(fd);
    if (problem && status != SLIDE_OK)
        snprintf(info->problem, sizeof info->problem, "%s", problem);
    return status;
}

/* Names slide writes in a cache directory: group files and temporaries left by a killed build. */
static int ours(const char *name)
{
    size_t len = strlen(name);
    return (len > 4 && strcmp(name + len - 4, ".pdb") == 0) || strstr(name, ".pdb.tmp.") != NULL;
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
