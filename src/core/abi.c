/*
 * abi.c - the release the library is, and the size checks on the structs
 * that may grow (abi.h; the rules are in include/slide.h, "Compatibility").
 */
#include "core/abi.h"

const char *slide_version(void)
{
    return SLIDE_VERSION_STRING;
}

unsigned slide_version_number(void)
{
    return SLIDE_VERSION_NUMBER;
}

/* The size field every struct that may grow starts with. */
static size_t size_of(const void *caller)
{
    size_t size;
    memcpy(&size, caller, sizeof size);
    return size;
}

/* Whether a caller's size is one some release's struct can have. */
static int size_fits(size_t size, size_t min_size)
{
    return size >= min_size && size <= SLIDE_MAX_STRUCT_SIZE;
}

int abi_any_null(const void *const *pointers, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (!pointers[i])
            return 1;
    return 0;
}

int abi_copy_in(void *local, size_t local_size, const void *in, size_t min_size)
{
    memset(local, 0, local_size);
    memcpy(local, &local_size, sizeof local_size);
    if (!in)
        return SLIDE_OK;
    size_t size = size_of(in);
    if (!size_fits(size, min_size))
        return SLIDE_E_ARGUMENT;
    for (size_t i = local_size; i < size; i++)
        if (((const unsigned char *)in)[i] != 0)
            return SLIDE_E_ARGUMENT;
    size_t common = size < local_size ? size : local_size;
    memcpy((unsigned char *)local + sizeof size, (const unsigned char *)in + sizeof size,
           common - sizeof size);
    return SLIDE_OK;
}

int abi_check_out(const void *out, size_t min_size)
{
    return !out || size_fits(size_of(out), min_size) ? SLIDE_OK : SLIDE_E_ARGUMENT;
}

void abi_copy_out(void *out, const void *local, size_t local_size)
{
    if (!out)
        return;
    size_t size = size_of(out);
    size_t common = size < local_size ? size : local_size;
    memcpy((unsigned char *)out + sizeof size, (const unsigned char *)local + sizeof size,
           common - sizeof size);
}
