/*
 * fuzz_pdb.c - the pattern database file loader (src/pdb/file.c) on the bytes
 * of a cache file for a tiny shape: 2x3, standard goal, groups {1,2} and
 * {3,4,5} (what `slide pdb build --size 2x3 --max-group 3` writes).
 *
 * First byte: bit 0 asks the harness to make the checksums right (payload,
 * then header, with the cache's own pdb_checksum) before writing the file,
 * so that the fuzzer gets past them to the header fields and sizes (the
 * payload is then read through the mapping); bit 1 picks the group the file claims to
 * be.  The file is then loaded and inspected; whatever the loader accepts
 * must be a table of the right size, and the estimates over every board of
 * the shape must be computable from it (only then is the other table built
 * and every board looked up, which is most of an input's time: a refused
 * file costs the loader's work alone).
 */
#include "fuzz.h"

#include "pdb/pdb_internal.h"

#include <stdlib.h>

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void make_set(pdb_set *set)
{
    static const uint8_t tiles[2][SLIDE_MAX_WIDE_CELLS] = {{1, 2}, {3, 4, 5}};
    static const int sizes[2] = {2, 3};
    geometry shape;
    geometry_init(&shape, 2, 3);
    slide_board goal;
    if (slide_board_init_goal(&goal, 2, 3) != SLIDE_OK)
        abort();
    if (pdb_set_groups(set, &shape, state_pack(&goal), 2, sizes, tiles) != SLIDE_OK)
        abort();
    slide_board_free(&goal);
}

/* Every arrangement of the six cells (half of them unreachable, which is fine for a lookup). */
static void estimate_everything(const pdb_set *set)
{
    uint8_t cells[6] = {0, 1, 2, 3, 4, 5};
    for (int perm = 0; perm < 720; perm++) {
        int rest = perm;
        uint8_t pool[6] = {0, 1, 2, 3, 4, 5};
        int left = 6;
        for (int i = 0; i < 6; i++) {
            int k = rest % left;
            rest /= left;
            cells[i] = pool[k];
            pool[k] = pool[--left];
        }
        state64 s = 0;
        for (int c = 0; c < 6; c++)
            s |= (state64)cells[c] << (4 * c);
        (void)pdb_estimate(set, s);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int fix = data[0] & 1, g = (data[0] >> 1) & 1;
    size_t len = size - 1;
    uint8_t *file = malloc(len ? len : 1);
    if (!file)
        abort();
    if (len)
        memcpy(file, data + 1, len);
    if (fix && len >= 96) { /* the payload's checksum, then the header's (src/pdb/file.c) */
        put64(file + 72, pdb_checksum(file + 96, len - 96));
        put64(file + 80, pdb_checksum(file, 80));
    }
    pdb_set set;
    make_set(&set);
    char name[64], why[160];
    pdb_file_name(&set, g, name, sizeof name);
    const char *path = fuzz_write_file(0, name, file, len);
    free(file);

    slide_pdb_file_info info = slide_pdb_file_info_init();
    int inspected = slide_pdb_file_inspect(path, &info);
    if (inspected != SLIDE_OK && !info.problem[0])
        abort();

    slide_limits limits = {.max_memory = (size_t)1 << 20};
    search_budget budget;
    budget_init(&budget, &limits);
    int status = pdb_load(fuzz_scratch_dir(), &set, g, &budget, why, sizeof why);
    if (status == SLIDE_OK) {
        const pdb_group *t = &set.groups[g];
        if (!t->data || t->bytes != pdb_entries_bytes(t->entries, t->entry_bits) || inspected != SLIDE_OK)
            abort();
    } else if (status != SLIDE_E_CORRUPT || set.groups[g].data || !why[0]) {
        abort();
    }
    /* a table the loader took must serve every board (the other table built to go with it) */
    for (int k = 0; status == SLIDE_OK && k < set.count; k++)
        if (!set.groups[k].data && pdb_build_group(&set, k, &budget, NULL) != SLIDE_OK)
            abort();
    if (status == SLIDE_OK)
        estimate_everything(&set);
    pdb_set_release(&set, &budget);
    if (budget.used != 0)
        abort();
    return 0;
}
