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
        const char *mark = fill ? strstr(o->help, "%s") : NULL;
        if (mark)
            snprintf(text, sizeof text, "%.*s%s%s", (int)(mark - o->help), o->help,
                     fill(o, list, sizeof list), mark + 2);
        cli_help_item(f, term, mark ? text : o->help, CLI_HELP_COLUMN);
    }
}
