/*
 * replay.c - main for the harnesses outside libFuzzer: runs the harness on
 * every file named on the command line, or found in a directory named
 * there, and fails on an empty corpus so that a mistyped path cannot pass.
 * ctest runs each harness this way over its seeds and regressions.
 */
#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    size_t cap = 4096, len = 0, got;
    uint8_t *data = malloc(cap);
    while (data && (got = fread(data + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *bigger = realloc(data, cap * 2);
            if (!bigger)
                free(data);
            data = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (!data) {
        fprintf(stderr, "%s: out of memory\n", path);
        return -1;
    }
    LLVMFuzzerTestOneInput(data, len);
    free(data);
    return 0;
}

static int run_path(const char *path, unsigned *files)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        (*files)++;
        return run_file(path);
    }
    DIR *d = opendir(path);
    if (!d) {
        perror(path);
        return -1;
    }
    struct dirent *e;
    int status = 0;
    while (status == 0 && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char child[4096];
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        status = run_path(child, files);
    }
    closedir(d);
    return status;
}

int main(int argc, char **argv)
{
    unsigned files = 0;
    for (int i = 1; i < argc; i++)
        if (run_path(argv[i], &files) != 0)
            return 1;
    if (files == 0) {
        fprintf(stderr, "%s: no input files\n", argv[0]);
        return 1;
    }
    printf("%s: %u inputs ran\n", argv[0], files);
    return 0;
}
