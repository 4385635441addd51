/*
 * abi.h - the library's side of the compatibility rules of include/slide.h:
 * which release it is, and the checks at its edge on the structs that may
 * grow (they start with `size`; the caller's init function set it to the
 * struct's size in the header the caller was built with).
 *
 * Every public function that takes such a struct copies it in with
 * abi_copy_in, or checks it with abi_check_out and fills a whole struct of
 * this release, copied out with abi_copy_out; the code behind works on
 * structs of this release only.  A field added at a struct's end in a later
 * release leaves its ABI_MIN_* below as it is: that is the smallest size a
 * caller built against any release can pass.
 */
#ifndef SLIDE_CORE_ABI_H
#define SLIDE_CORE_ABI_H

#include "slide.h"

/* The bytes of type up to the end of field. */
#define ABI_SIZE_UNTIL(type, field) (offsetof(type, field) + sizeof(((type *)0)->field))

/* The size each struct had in 0.2, the first release with `size`: up to its last field then. */
#define ABI_MIN_PARSE_ERROR ABI_SIZE_UNTIL(slide_parse_error, remedy)
#define ABI_MIN_PARSE_OPTIONS ABI_SIZE_UNTIL(slide_parse_options, line)
#define ABI_MIN_LIMITS ABI_SIZE_UNTIL(slide_limits, timeout)
#define ABI_MIN_STATS ABI_SIZE_UNTIL(slide_stats, table_shared)
#define ABI_MIN_CONTEXT_OPTIONS ABI_SIZE_UNTIL(slide_context_options, max_memory)
#define ABI_MIN_PDB_OPTIONS ABI_SIZE_UNTIL(slide_pdb_options, quick_states)
#define ABI_MIN_SOLVE_OPTIONS ABI_SIZE_UNTIL(slide_solve_options, weight)
#define ABI_MIN_PDB_SUMMARY ABI_SIZE_UNTIL(slide_pdb_summary, seconds)
#define ABI_MIN_PDB_FILE_INFO ABI_SIZE_UNTIL(slide_pdb_file_info, problem)
/* ... and the size of a struct new since, in the first release that has it */
#define ABI_MIN_GEN_OPTIONS ABI_SIZE_UNTIL(slide_gen_options, walk_max)

/*
 * Non-zero when any of the pointers given is NULL: the one check of the
 * rule of slide.h ("Arguments") that every public function taking a
 * pointer it needs makes first, ABI_MISSING(out, src).
 */
int abi_any_null(const void *const *pointers, size_t count);
#define ABI_MISSING(...)                                                                           \
    abi_any_null((const void *const[]){__VA_ARGS__},                                               \
                 sizeof((const void *const[]){__VA_ARGS__}) / sizeof(const void *))

/*
 * Copies the caller's struct `in` into *local, a struct of this release
 * (local_size bytes): as many bytes as both have, the rest of *local zero,
 * and local's size set to local_size.  in NULL gives the defaults (all
 * zero).  SLIDE_E_ARGUMENT, with *local the defaults, when in's size is
 * below min_size (0: not made by its init function), above
 * SLIDE_MAX_STRUCT_SIZE (garbage), or above local_size with a byte past
 * local_size that is not zero (a field of a later release that this one
 * cannot honour).
 */
int abi_copy_in(void *local, size_t local_size, const void *in, size_t min_size);

/*
 * SLIDE_OK when out is NULL or its size is from min_size to
 * SLIDE_MAX_STRUCT_SIZE; else SLIDE_E_ARGUMENT.
 */
int abi_check_out(const void *out, size_t min_size);

/*
 * Copies *local, a struct of this release that the library filled
 * (local_size bytes), into the caller's out (checked by abi_check_out), as
 * many bytes as out's size says; out keeps its size, and bytes of out past
 * local_size (fields of a later release) keep what they held.  out NULL:
 * nothing.
 */
void abi_copy_out(void *out, const void *local, size_t local_size);

#endif /* SLIDE_CORE_ABI_H */
