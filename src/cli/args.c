/* args.c - option scanning and option values for the slide command. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int cli_scan_init(cli_scan *scan, int argc, char **argv, int first, const cli_option *options,
                  const char *command)
{
    memset(scan, 0, sizeof *scan);
    scan->argc = argc;
    scan->argv = argv;
    scan->index = first;
    scan->options = options;
    scan->command = command;
    scan->positional = calloc((size_t)argc + 1, sizeof *scan->positional);
    return scan->positional ? 0 : SCAN_ERROR;
}

void cli_scan_free(cli_scan *scan)
{
    free(scan->positional);
    scan->positional = NULL;
}

static const cli_option *find_long(const cli_option *options, const char *name, size_t len)
{
    for (const cli_option *o = options; o->long_name; o++)
        if (strlen(o->long_name) == len && strncmp(o->long_name, name, len) == 0)
            return o;
    return NULL;
}

static const cli_option *find_short(const cli_option *options, char c)
{
    for (const cli_option *o = options; o->long_name; o++)
        if (o->short_name == c)
            return o;
    return NULL;
}

int cli_scan_next(cli_scan *scan, const char **value)
{
    *value = NULL;
    while (scan->index < scan->argc) {
        char *arg = scan->argv[scan->index++];
        if (strcmp(arg, "--") == 0) {
            while (scan->index < scan->argc)
                scan->positional[scan->positional_count++] = scan->argv[scan->index++];
            return SCAN_END;
        }
        if (arg[0] != '-' || arg[1] == '\0') {
            scan->positional[scan->positional_count++] = arg;
            continue;
        }
        const cli_option *o;
        const char *inline_value = NULL;
        char display[64];
        if (arg[1] == '-') {
            const char *name = arg + 2;
            const char *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            o = find_long(scan->options, name, len);
            snprintf(display, sizeof display, "--%.*s", (int)(len > 40 ? 40 : len), name);
            if (!o) {
                cli_error("%s: unknown option '%s' (see 'slide help %s')", scan->command, display,
                          scan->command);
                return SCAN_ERROR;
            }
            if (eq) {
                if (!o->takes_value) {
                    cli_error("%s: option '%s' takes no value", scan->command, display);
                    return SCAN_ERROR;
                }
                inline_value = eq + 1;
            }
        } else {
            o = find_short(scan->options, arg[1]);
            snprintf(display, sizeof display, "-%c", arg[1]);
            if (!o) {
                cli_error("%s: unknown option '%s' (see 'slide help %s')", scan->command, display,
                          scan->command);
                return SCAN_ERROR;
            }
            if (arg[2] != '\0') {
                if (!o->takes_value) {
                    cli_error("%s: option '%s' takes no value (in '%.40s')", scan->command, display,
                              arg);
                    return SCAN_ERROR;
                }
                inline_value = arg + 2;
            }
        }
        if (o->takes_value) {
            if (inline_value)
                *value = inline_value;
            else if (scan->index < scan->argc)
                *value = scan->argv[scan->index++];
            else {
                cli_error("%s: option '%s' needs a value", scan->command, display);
                return SCAN_ERROR;
            }
        }
        return o->id;
    }
    return SCAN_END;
}

int cli_parse_memory(const char *text, size_t *bytes)
{
    char *end;
    if (!text || !*text || (*text < '0' || *text > '9'))
        return -1;
    errno = 0;
    double value = strtod(text, &end);
    if (errno || end == text || !(value >= 0))
        return -1;
    double scale = 1;
    switch (*end) {
    case 'k': case 'K': scale = 1024.0; end++; break;
    case 'm': case 'M': scale = 1024.0 * 1024; end++; break;
    case 'g': case 'G': scale = 1024.0 * 1024 * 1024; end++; break;
    case 't': case 'T': scale = 1024.0 * 1024 * 1024 * 1024; end++; break;
    default: break;
    }
    if (scale > 1 && (*end == 'i' || *end == 'I'))
        end++;
    if (*end == 'b' || *end == 'B')
        end++;
    if (*end != '\0')
        return -1;
    double total = value * scale;
    if (total < 1 || total > (double)SIZE_MAX / 2)
        return -1;
    *bytes = (size_t)total;
    return 0;
}

int cli_parse_count(const char *text, unsigned long long max, unsigned long long *value)
{
    if (!text || *text < '0' || *text > '9')
        return -1;
    unsigned long long v = 0;
    for (const char *s = text; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        unsigned d = (unsigned)(*s - '0');
        if (v > (max - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *value = v;
    return 0;
}

int cli_parse_seconds(const char *text, double *seconds)
{
    char *end;
    if (!text || !*text || (*text < '0' || *text > '9'))
        if (!text || *text != '.')
            return -1;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || *end != '\0' || !(v > 0) || !isfinite(v))
        return -1;
    *seconds = v;
    return 0;
}
