/* args.c - option scanning and option values for the slide command. */
#include "cli/base/base.h"

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

/* Rows with id 0 are the help's alone (cli_option): the scan knows only the others. */
static const cli_option *find_long(const cli_option *options, const char *name, size_t len)
{
    for (const cli_option *o = options; o->long_name; o++)
        if (o->id && strlen(o->long_name) == len && strncmp(o->long_name, name, len) == 0)
            return o;
    return NULL;
}

static const cli_option *find_short(const cli_option *options, char c)
{
    for (const cli_option *o = options; o->long_name; o++)
        if (o->id && o->short_name == c)
            return o;
    return NULL;
}

/*
 * "unknown option", with this command's name for it when another command
 * spells it so (scan->aliases), else the closest of its options when one is
 * close.
 */
static void unknown_option(const cli_scan *scan, const char *display)
{
    char hint[96];
    for (const cli_alias *a = scan->aliases; a && a->typed; a++)
        if (strcmp(a->typed, display) == 0 && !a->means) {
            cli_error("%s: unknown option '%s' (slide %s's): %s", scan->command, display, a->owner,
                      a->why);
            return;
        } else if (strcmp(a->typed, display) == 0) {
            cli_error("%s: unknown option '%s' (slide %s's); did you mean '%s'? (see 'slide help "
                      "%s')",
                      scan->command, display, a->owner, a->means, scan->command);
            return;
        }
    cli_suggestion s;
    cli_suggest_init(&s, display[1] == '-' ? display + 2 : display + 1);
    if (display[1] == '-')
        for (const cli_option *o = scan->options; o->long_name; o++)
            if (o->id)
                cli_suggest_consider(&s, o->long_name);
    cli_error("%s: unknown option '%s'%s (see 'slide help %s')", scan->command, display,
              cli_did_you_mean(&s, "--", hint, sizeof hint), scan->command);
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
                unknown_option(scan, display);
                return SCAN_ERROR;
            }
            if (eq) {
                if (!o->value) {
                    cli_error("%s: option '%s' takes no value", scan->command, display);
                    return SCAN_ERROR;
                }
                inline_value = eq + 1;
            }
        } else {
            o = find_short(scan->options, arg[1]);
            snprintf(display, sizeof display, "-%c", arg[1]);
            if (!o) {
                unknown_option(scan, display);
                return SCAN_ERROR;
            }
            if (arg[2] != '\0') {
                if (!o->value) {
                    cli_error("%s: option '%s' takes no value (in '%.40s')", scan->command, display,
                              arg);
                    return SCAN_ERROR;
                }
                inline_value = arg + 2;
            }
        }
        if (o->value) {
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

const char *cli_format_memory(size_t bytes, char *buf, size_t size)
{
    static const char units[] = "KMGT";
    int unit = -1;
    while (unit < 3 && bytes >= 1024 && bytes % 1024 == 0) {
        bytes /= 1024;
        unit++;
    }
    if (unit < 0)
        snprintf(buf, size, "%zu", bytes);
    else
        snprintf(buf, size, "%zu%c", bytes, units[unit]);
    return buf;
}

int cli_parse_memory(const char *text, size_t *bytes)
{
    char *end;
    /* decimal only, DIGITS[.DIGITS]: strtod would also take 0x10, 1e3, inf */
    size_t number = text ? strspn(text, "0123456789") : 0;
    if (number && text[number] == '.') {
        size_t fraction = strspn(text + number + 1, "0123456789");
        number = fraction ? number + 1 + fraction : 0;
    }
    if (!number)
        return -1;
    errno = 0;
    double value = strtod(text, &end);
    if (errno || end != text + number || !(value >= 0))
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
    if (total < 1 || total > (double)SIZE_MAX / 2 || (scale == 1 && total != (double)(size_t)total))
        return -1; /* a fraction of a byte (1.5) is no size; 1.5K is 1536 bytes */
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
    if (strpbrk(text, "xX"))
        return -1; /* decimal only: strtod would also take 0x1p-3 */
    errno = 0;
    double v = strtod(text, &end);
    if (errno || *end != '\0' || !(v > 0) || !isfinite(v))
        return -1;
    *seconds = v;
    return 0;
}

/* ---------------------------------------------------------- suggestions */

/* Words longer than this get no suggestion (they are not a slip of the finger). */
#define SUGGEST_MAX_WORD 64

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/*
 * Edits (insertions, deletions, substitutions and swaps of two neighbours)
 * from a to b, ignoring case: the optimal string alignment distance, so
 * that "slove" is one edit from "solve".  Both are at most SUGGEST_MAX_WORD.
 */
static size_t edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
    size_t rows[3][SUGGEST_MAX_WORD + 1] = {{0}};
    size_t *before = rows[0], *prev = rows[1], *cur = rows[2]; /* rows i-2, i-1 and i */
    for (size_t j = 0; j <= lb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t best = prev[j - 1] + (lower(a[i - 1]) != lower(b[j - 1]));
            if (prev[j] + 1 < best)
                best = prev[j] + 1;
            if (cur[j - 1] + 1 < best)
                best = cur[j - 1] + 1;
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1]) && before[j - 2] + 1 < best)
                best = before[j - 2] + 1;
            cur[j] = best;
        }
        size_t *oldest = before;
        before = prev;
        prev = cur;
        cur = oldest;
    }
    return prev[lb];
}

void cli_suggest_init(cli_suggestion *s, const char *word)
{
    s->word = word;
    s->best = NULL;
    s->distance = SIZE_MAX;
}

/*
 * A candidate is close when it is a few edits from the word (one for words
 * of up to 4 characters, two up to 8, three beyond) or starts with it (at
 * least 2 characters), counted as one edit; the first of equally close
 * candidates wins.
 */
void cli_suggest_consider(cli_suggestion *s, const char *candidate)
{
    size_t lw = strlen(s->word), lc = strlen(candidate);
    if (lw == 0 || lw > SUGGEST_MAX_WORD || lc > SUGGEST_MAX_WORD)
        return;
    size_t limit = lw <= 4 ? 1 : lw <= 8 ? 2 : 3;
    size_t d = edit_distance(s->word, lw, candidate, lc);
    size_t prefix = 0;
    while (prefix < lw && prefix < lc && lower(s->word[prefix]) == lower(candidate[prefix]))
        prefix++;
    if (prefix == lw && lw >= 2 && d > 1)
        d = 1;
    if (d <= limit && d < lc && d < s->distance) {
        s->best = candidate;
        s->distance = d;
    }
}

const char *cli_did_you_mean(const cli_suggestion *s, const char *prefix, char *buf, size_t size)
{
    if (!s->best)
        return "";
    snprintf(buf, size, "; did you mean '%s%s'?", prefix, s->best);
    return buf;
}

int cli_parse_choice(const char *where, const char *value, const char *noun,
                     const char *const *names, size_t count)
{
    char list[256] = "", hint[96];
    size_t used = 0;
    cli_suggestion s;
    cli_suggest_init(&s, value);
    for (size_t i = 0; i < count; i++) {
        if (strcmp(value, names[i]) == 0)
            return (int)i;
        cli_suggest_consider(&s, names[i]);
        if (used < sizeof list)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
                                     names[i]);
    }
    if (noun)
        cli_error("%s: unknown %s '%.60s' (%ss: %s)%s", where, noun, value, noun, list,
                  cli_did_you_mean(&s, "", hint, sizeof hint));
    else
        cli_error("%s: '%.60s' is not one of %s%s", where, value, list,
                  cli_did_you_mean(&s, "", hint, sizeof hint));
    return -1;
}
