/*
 * file.c - one table of a pattern database on disk: its name, header and
 * checksum, the read-only mapping a search reads it through, and the stamp
 * that remembers a payload already verified.
 *
 * A table depends only on the shape, where its group's tiles and the blank
 * are at home in the table's frame (pdb_group), and the entry layout, so
 * that is what names it: `4x4-xooooooo________-r.pdb` is the 15-puzzle's
 * table of 7 tiles homed on cells 1-7 with the blank on cell 0, an entry per
 * blank region (x the blank, o a tile of the group, _ any other cell).
 *
 *   offset size
 *        0    8  magic "SLIDEPDB"
 *        8    4  format version (PDB_FORMAT_VERSION)
 *       12    4  header size (96)
 *       16    1  rows            17  1  cols
 *       18    1  tiles in group  19  1  bits per entry (4 or 8), + 0x80 per region
 *       20    1  the blank's home cell, then 3 zero bytes
 *       24   32  the home cell of each tile of the group, ascending (zero after them)
 *       56    8  entries
 *       64    8  payload bytes
 *       72    8  payload checksum
 *       80    8  checksum of bytes 0 .. 79
 *       88    8  zero
 *       96       payload: the entries, (d - manhattan) / 2 each
 *
 * Integers are little-endian.  A file is written under a temporary name in
 * the same directory and renamed into place, so a reader (or a second
 * process building the same table) sees a whole file or none.
 *
 * Loading maps the file instead of reading it: a search touches a few
 * thousand of the 15-puzzle's 127,000 pages, and pages already in the page
 * cache are shared by every process.  The header is checked on every load.
 * The payload's checksum would have to read every page, so it is checked
 * once per file and remembered: a stamp file next to it (NAME.pdb.ok)
 * records the device, inode, size, modification and change times the file
 * had when its checksum matched.  Any later change made through the file
 * system (a write, a truncation, a file copied or renamed over it) changes
 * the change time, which nothing can set back, so the stamp no longer
 * matches and the next load verifies the whole payload again.  A stamp is
 * written only for a file changed at least STAMP_MIN_AGE seconds earlier,
 * so that a change within the same tick of a coarse file-system clock
 * cannot look unchanged.  What a stamp cannot see is damage below the file
 * system (a disk returning other bytes than were written); `slide pdb info`
 * (slide_pdb_file_inspect) verifies every payload in full, stamp or not.
 * A file that fails any check is rebuilt, never trusted.
 */
#include "core/abi.h"
#include "pdb/pdb_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PDB_MAGIC "SLIDEPDB"
#define PDB_FORMAT_VERSION 2u
#define PDB_HEADER_SIZE 96u
/* Room for the homes of a group on boards of up to 32 cells. */
#define PDB_HEADER_HOMES 32
/* In the entry-size byte: the group has an entry per blank region. */
#define PDB_PER_REGION_FLAG 0x80
/* A file changed less than this many seconds ago gets no stamp (see above). */
#define STAMP_MIN_AGE 2

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

static uint64_t word_at(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
#else
    return get64(p);
#endif
}

/* One step of a lane: a bijection of the running value for every word. */
static uint64_t mix(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x100000001b3ull;
    return (h << 31) | (h >> 33);
}

uint64_t pdb_checksum(const uint8_t *data, size_t len)
{
    /* four independent lanes, so the multiplies overlap: memory speed, not latency */
    uint64_t lane[4] = {0x9e3779b97f4a7c15ull ^ (uint64_t)len, 0xc2b2ae3d27d4eb4full,
                        0x165667b19e3779f9ull, 0x27d4eb2f165667c5ull};
    size_t i = 0;
    for (; i + 32 <= len; i += 32)
        for (int j = 0; j < 4; j++)
            lane[j] = mix(lane[j], word_at(data + i + 8 * (size_t)j));
    uint64_t h = lane[0];
    for (int j = 1; j < 4; j++)
        h = mix(h, lane[j]);
    for (; i < len; i++)
        h = (h ^ data[i]) * 0x100000001b3ull;
    return h ^ (h >> 32);
}

static void set_why(char *why, size_t size, const char *fmt, const char *detail)
{
    if (why && size)
        snprintf(why, size, fmt, detail);
}

void pdb_file_name(const pdb_set *set, int g, char *buf, size_t size)
{
    char pattern[SLIDE_MAX_WIDE_CELLS + 1];
    const pdb_group *t = &set->groups[g];
    int n = set->shape.cells;
    memset(pattern, '_', (size_t)n);
    for (int i = 0; i < t->size; i++)
        pattern[t->home[i]] = 'o';
    pattern[t->blank_home] = 'x';
    pattern[n] = '\0';
    snprintf(buf, size, "%dx%d-%s%s.pdb", set->shape.rows, set->shape.cols, pattern,
             t->per_region ? "-r" : "");
}

/* Reads a side's decimal digits at *s (at most 4), or returns -1. */
static long read_digits(const char **s)
{
    long value = 0;
    int digits = 0;
    while (**s >= '0' && **s <= '9' && digits < 4) {
        value = value * 10 + (**s - '0');
        (*s)++;
        digits++;
    }
    return digits ? value : -1;
}

/*
 * Tells the names pdb_file_name gives (and the stamp and temporary files
 * file.c writes beside them) from anything else in a directory, so that
 * clearing a cache shared with other programs removes only slide's files:
 * RxC-PATTERN[-r].pdb, PATTERN one of o, x, _ a cell with exactly one x
 * (or format 1's RxC-GOAL-GROUP[-r].pdb, hex digits), then nothing, ".ok",
 * or ".tmp.PID.HEX".
 */
pdb_name_kind pdb_file_name_kind(const char *name)
{
    const char *s = name;
    long rows = read_digits(&s);
    if (rows < 1 || *s++ != 'x')
        return PDB_NAME_OTHER;
    long cols = read_digits(&s);
    if (cols < 1 || *s++ != '-' || rows * cols > SLIDE_MAX_WIDE_CELLS)
        return PDB_NAME_OTHER;
    long cells = rows * cols, hex = (long)strspn(s, "0123456789abcdef");
    if (hex == cells && s[hex] == '-') {
        /* format 1 (never read now, but still slide's to list and clear): goal-group */
        s += hex + 1;
        hex = (long)strspn(s, "0123456789abcdef");
        if (hex < 1 || hex > cells)
            return PDB_NAME_OTHER;
        s += hex;
    } else {
        int blanks = 0;
        for (long i = 0; i < cells; i++, s++) {
            if (*s == 'x')
                blanks++;
            else if (*s != 'o' && *s != '_')
                return PDB_NAME_OTHER;
        }
        if (blanks != 1)
            return PDB_NAME_OTHER;
    }
    if (strncmp(s, "-r", 2) == 0)
        s += 2;
    if (strncmp(s, ".pdb", 4) != 0)
        return PDB_NAME_OTHER;
    s += 4;
    if (*s == '\0')
        return PDB_NAME_TABLE;
    if (strcmp(s, ".ok") == 0)
        return PDB_NAME_STAMP;
    if (strncmp(s, ".tmp.", 5) != 0)
        return PDB_NAME_OTHER;
    s += 5;
    size_t pid_digits = strspn(s, "0123456789");
    if (pid_digits == 0 || s[pid_digits] != '.' || !s[pid_digits + 1])
        return PDB_NAME_OTHER;
    s += pid_digits + 1;
    for (; *s; s++)
        if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f')))
            return PDB_NAME_OTHER;
    return PDB_NAME_TEMPORARY;
}

int slide_pdb_file_name_is_table(const char *name)
{
    return name && pdb_file_name_kind(name) == PDB_NAME_TABLE;
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
    h[20] = t->blank_home;
    memcpy(h + 24, t->home, (size_t)t->size);
    put64(h + 56, t->entries);
    put64(h + 64, (uint64_t)t->bytes);
    put64(h + 72, sum);
    put64(h + 80, pdb_checksum(h, 80));
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
    if (get32(h + 12) != PDB_HEADER_SIZE || get64(h + 80) != pdb_checksum(h, 80) ||
        get64(h + 88) != 0)
        return "damaged (in its header)";
    int rows = h[16], cols = h[17], n = rows * cols, k = h[18];
    int bits = h[19] & ~PDB_PER_REGION_FLAG;
    if (rows < 2 || cols < 2 || n > SLIDE_MAX_WIDE_CELLS || k < 1 || k >= n ||
        (bits != 4 && bits != 8) || h[20] >= n)
        return "damaged (header fields out of range)";
    for (int i = 0; i < k; i++)
        if (h[24 + i] >= n || h[24 + i] == h[20] || (i > 0 && h[24 + i] <= h[23 + i]))
            return "damaged (header fields out of range)";
    uint64_t entries = get64(h + 56);
    if (entries > UINT32_MAX || get64(h + 64) != pdb_entries_bytes((uint32_t)entries, bits))
        return "damaged (its header's sizes disagree)";
    return NULL;
}

/* Reads exactly len bytes at offset; 0 on success, -1 on error or end of file. */
static int read_at(int fd, void *buf, size_t len, off_t offset)
{
    uint8_t *p = buf;
    while (len) {
        ssize_t got = pread(fd, p, len, offset);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return -1;
        p += got;
        len -= (size_t)got;
        offset += got;
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

/* ------------------------------------------------------------------ stamps */

/* What the stamp of a file in state st with payload checksum sum says. */
static void stamp_text(const struct stat *st, uint64_t sum, char *buf, size_t size)
{
    snprintf(buf, size,
             "slide pdb verified: dev %llu ino %llu size %lld mtime %lld.%09ld ctime %lld.%09ld "
             "checksum %016llx\n",
             (unsigned long long)st->st_dev, (unsigned long long)st->st_ino,
             (long long)st->st_size, (long long)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec,
             (long long)st->st_ctim.tv_sec, (long)st->st_ctim.tv_nsec, (unsigned long long)sum);
}

/* Non-zero when path's stamp vouches for the file in state st with checksum sum. */
static int stamp_matches(const char *path, const struct stat *st, uint64_t sum)
{
    char stamp_path[4300], want[256], have[256];
    snprintf(stamp_path, sizeof stamp_path, "%s.ok", path);
    stamp_text(st, sum, want, sizeof want);
    int fd = open(stamp_path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t got = read(fd, have, sizeof have - 1);
    close(fd);
    if (got <= 0)
        return 0;
    have[got] = '\0';
    return strcmp(have, want) == 0;
}

/*
 * Writes path's stamp for the file in state st with checksum sum, when the
 * file is old enough (see the top of this file).  A stamp that cannot be
 * written only means the next load verifies again.
 */
static void stamp_write(const char *path, const struct stat *st, uint64_t sum)
{
    struct timespec now;
    if (clock_gettime(CLOCK_REALTIME, &now) != 0 ||
        now.tv_sec - st->st_ctim.tv_sec < STAMP_MIN_AGE)
        return;
    char stamp_path[4300], temp[4400], text[256];
    snprintf(stamp_path, sizeof stamp_path, "%s.ok", path);
    /* the temporary's name starts like a table's: slide pdb clear removes a leftover */
    snprintf(temp, sizeof temp, "%s.tmp.%ld.%llx", path, (long)getpid(),
             (unsigned long long)(monotonic_now() * 1e9));
    stamp_text(st, sum, text, sizeof text);
    int fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    int failed = write_all(fd, text, strlen(text)) != 0;
    failed |= close(fd) != 0;
    if (failed || rename(temp, stamp_path) != 0)
        unlink(temp);
}

/* -------------------------------------------------------------- load, save */

/*
 * Opens path and checks what can be checked without the payload: a regular
 * file whose header is sound and which is as long as the header says.
 * Returns the descriptor with *st and the header filled, or -1 with
 * *status (SLIDE_E_IO: cannot be opened; SLIDE_E_CORRUPT) and *problem set.
 */
static int open_table(const char *path, struct stat *st, uint8_t *h, int *status,
                      const char **problem)
{
    /* O_NONBLOCK: a FIFO under a table's name must not block the open forever */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *status = SLIDE_E_IO;
        *problem = errno == ENOENT ? "missing" : strerror(errno);
        return -1;
    }
    *status = SLIDE_E_CORRUPT;
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode))
        *problem = "not a regular file";
    else if (read_at(fd, h, PDB_HEADER_SIZE, 0) != 0)
        *problem = "truncated inside its header";
    else if ((*problem = header_problem(h)) == NULL) {
        uint64_t want = PDB_HEADER_SIZE + get64(h + 64);
        if ((uint64_t)st->st_size == want)
            return fd;
        *problem = (uint64_t)st->st_size < want ? "truncated" : "longer than its header says";
    }
    close(fd);
    return -1;
}

/* Maps the whole file read-only; NULL (errno set) when it cannot be. */
static uint8_t *map_table(int fd, size_t file_bytes)
{
    void *base = mmap(NULL, file_bytes, PROT_READ, MAP_SHARED, fd, 0);
    return base == MAP_FAILED ? NULL : base;
}

/*
 * Whether the sound header h names exactly group t of set (otherwise the
 * file is stale); *want is t with the file's entry layout.
 */
static int header_names(const uint8_t *h, const pdb_set *set, const pdb_group *t, pdb_group *want)
{
    uint8_t expect[PDB_HEADER_SIZE];
    *want = *t;
    want->entry_bits = h[19] & ~PDB_PER_REGION_FLAG;
    want->bytes = pdb_entries_bytes(t->entries, want->entry_bits);
    make_header(expect, set, want, get64(h + 72));
    return memcmp(h, expect, PDB_HEADER_SIZE) == 0;
}

int pdb_probe(const char *dir, const pdb_set *set, int g)
{
    char name[64], path[4200];
    pdb_file_name(set, g, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct stat st;
    uint8_t h[PDB_HEADER_SIZE];
    const char *problem;
    int status;
    int fd = open_table(path, &st, h, &status, &problem);
    if (fd < 0)
        return status;
    pdb_group want;
    status = header_names(h, set, &set->groups[g], &want) ? SLIDE_OK : SLIDE_E_CORRUPT;
    close(fd);
    return status;
}

int pdb_load(const char *dir, pdb_set *set, int g, search_budget *budget, char *why, size_t why_size)
{
    char name[64], path[4200];
    pdb_group *t = &set->groups[g];
    pdb_file_name(set, g, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct stat st;
    uint8_t h[PDB_HEADER_SIZE];
    const char *problem = NULL;
    int status;
    int fd = open_table(path, &st, h, &status, &problem);
    if (fd < 0) {
        set_why(why, why_size, "%s", problem);
        return status;
    }
    pdb_group want;
    uint64_t sum = get64(h + 72);
    uint8_t *base = NULL;
    size_t file_bytes = (size_t)st.st_size;
    status = SLIDE_E_CORRUPT;
    if (!header_names(h, set, t, &want)) {
        problem = "stale (made for another shape or group)";
    } else if ((status = budget_charge(budget, want.bytes)) != SLIDE_OK) {
        problem = "no memory";
    } else if (!(base = map_table(fd, file_bytes))) {
        budget_uncharge(budget, want.bytes);
        status = SLIDE_E_IO;
        problem = strerror(errno);
    } else {
        int trusted = stamp_matches(path, &st, sum);
        if (!trusted && pdb_checksum(base + PDB_HEADER_SIZE, want.bytes) != sum) {
            munmap(base, file_bytes);
            budget_uncharge(budget, want.bytes);
            status = SLIDE_E_CORRUPT;
            problem = "damaged (checksum mismatch)";
        } else {
            if (!trusted) /* verified just now: remember it */
                stamp_write(path, &st, sum);
            t->mapping = base;
            t->mapping_bytes = file_bytes;
            t->data = base + PDB_HEADER_SIZE;
            t->bytes = want.bytes;
            t->entry_bits = want.entry_bits;
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
    int fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        set_why(why, why_size, "%s", strerror(errno));
        return SLIDE_E_IO;
    }
    make_header(h, set, t, pdb_checksum(t->data, t->bytes));
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

static int inspect(const char *path, slide_pdb_file_info *info)
{
    memset(info, 0, sizeof *info);
    struct stat st;
    uint8_t h[PDB_HEADER_SIZE];
    const char *problem = NULL;
    int status;
    int fd = open_table(path, &st, h, &status, &problem);
    if (fd >= 0) {
        info->file_bytes = (uint64_t)st.st_size;
        info->rows = h[16];
        info->cols = h[17];
        info->group_size = h[18];
        info->entry_bits = h[19] & ~PDB_PER_REGION_FLAG;
        info->per_region = (h[19] & PDB_PER_REGION_FLAG) != 0;
        info->blank_home = h[20];
        memcpy(info->home, h + 24, (size_t)info->group_size);
        info->entries = get64(h + 56);
        size_t file_bytes = (size_t)st.st_size;
        uint8_t *base = map_table(fd, file_bytes);
        if (!base) {
            status = SLIDE_E_IO;
            problem = strerror(errno);
        } else {
            /* the whole payload, whatever its stamp says */
            if (pdb_checksum(base + PDB_HEADER_SIZE, file_bytes - PDB_HEADER_SIZE) !=
                get64(h + 72))
                problem = "damaged (checksum mismatch)";
            else
                status = SLIDE_OK;
            munmap(base, file_bytes);
        }
        close(fd);
    }
    if (status != SLIDE_OK)
        snprintf(info->problem, sizeof info->problem, "%s", problem ? problem : "damaged");
    return status;
}

int slide_pdb_file_inspect(const char *path, slide_pdb_file_info *info)
{
    slide_pdb_file_info found;
    if (!path || !info || abi_check_out(info, ABI_MIN_PDB_FILE_INFO) != SLIDE_OK)
        return SLIDE_E_ARGUMENT;
    int status = inspect(path, &found);
    abi_copy_out(info, &found, sizeof found);
    return status;
}
