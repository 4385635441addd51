/*
 * help.c - the layout of the slide command's help: items in two columns,
 * and the options part of a command's help printed from its option table
 * (the rows that the scan reads), so the two cannot drift apart.
 */
#include "cli/base/base.h"
#include "cli/base/text.h"

#include <string.h>

/* Room for a list that fill gives, and for an option's text with it in place of "%s". */
#define HELP_LIST_SIZE 512
#define HELP_TEXT_SIZE 1024

/* text from the current column on, its lines after the first indented to column. */
static void write_indented(FILE *f, const char *text, int column)
{
    size_t len = strlen(text);
    while (len > 0) {
        size_t next, line = cli_line_split(text, len, CLI_LINES_LF, &next);
        fwrite(text, 1, line, f);
        if (next > line)
            fprintf(f, "\n%*s", column, "");
        text += next;
        len -= next;
    }
}

void cli_help_item(FILE *f, const char *term, const char *text, int column)
{
    int width = column - 3; /* two spaces before the term, at least one after it */
    if ((int)strlen(term) <= width)
        fprintf(f, "  %-*s ", width, term);
    else
        fprintf(f, "  %s\n%*s", term, column, "");
    write_indented(f, text, column);
    fputc('\n', f);
}

const char cli_help_goal[] = "goal board (default 1 2 ... n-1 x)";
const char cli_help_size[] = "shape, where the board text does not give it";
const char cli_help_max_memory[] = "cap on memory, e.g. 512M, 4G (default %s)";
const char cli_help_timeout[] = "time limit of each board's search";

/* The "%s" of cli_help_max_memory: the library's default cap. */
static const char *fill_default_memory(const cli_option *row, char *buf, size_t size)
{
    (void)row;
    return cli_format_memory(SLIDE_DEFAULT_MAX_MEMORY, buf, size);
}

void cli_help_options(FILE *f, const cli_option *options,
                      const char *(*fill)(const cli_option *row, char *buf, size_t size))
{
    fputs("options:\n", f);
    for (const cli_option *o = options; o->long_name; o++) {
        if (!o->help)
            continue;
        char term[64], list[HELP_LIST_SIZE], text[HELP_TEXT_SIZE];
        int used = o->short_name ? snprintf(term, sizeof term, "-%c, ", o->short_name)
                                 : snprintf(term, sizeof term, "    ");
        snprintf(term + used, sizeof term - (size_t)used, "--%s%s%s", o->long_name,
                 o->value ? " " : "", o->value ? o->value : "");
        const char *(*row_fill)(const cli_option *, char *, size_t) =
            o->help == cli_help_max_memory ? fill_default_memory : fill;
        const char *mark = row_fill ? strstr(o->help, "%s") : NULL;
        if (mark)
            snprintf(text, sizeof text, "%.*s%s%s", (int)(mark - o->help), o->help,
                     row_fill(o, list, sizeof list), mark + 2);
        cli_help_item(f, term, mark ? text : o->help, CLI_HELP_COLUMN);
    }
}
