/*
 * machines.c - the machines of `slide spread -S` (spread_internal.h):
 * each one asked, before any item goes out, for its slide's version and
 * its tables' fingerprint for the search, and left out (named in one line)
 * when they are not this machine's; and the hosts results come from, by
 * the name `slide work --tag` gives each line, counted for --stats and
 * named in messages.
 */
#include "cli/spread/spread_internal.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What a machine said to the probe. */
typedef struct machine_answer {
    char version[64]; /* `slide --version`'s line after "slide ", "" none */
    int probed;       /* a slide-probe line came */
    unsigned long long tables;
} machine_answer;

void spread_machines_free(spread_run *run)
{
    for (size_t i = 0; i < run->machine_count; i++) {
        free(run->machines[i].entry);
        free(run->machines[i].name);
    }
    free(run->machines);
    run->machines = NULL;
    run->machine_count = 0;
    free(run->machine_list);
    run->machine_list = NULL;
    for (size_t i = 0; i < run->host_count; i++)
        free(run->hosts[i].name);
    free(run->hosts);
    run->hosts = NULL;
    run->host_count = 0;
}

/*
 * The entries of the --sshlogin list into run->machines, each with the
 * name parallel tags its output with (the entry without its "N/").
 * Returns 0, or -1 out of memory.
 */
static int read_entries(spread_run *run, const char *list)
{
    size_t cap = 1;
    for (const char *p = list; *p; p++)
        cap += *p == ',';
    run->machines = calloc(cap, sizeof *run->machines);
    if (!run->machines)
        return -1;
    const char *p = list;
    while (*p) {
        const char *end = strchr(p, ',');
        if (!end)
            end = p + strlen(p);
        const char *start = p + strspn(p, " ");
        size_t len = (size_t)(end - start);
        while (len && start[len - 1] == ' ')
            len--;
        if (len) {
            size_t digits = strspn(start, "0123456789");
            size_t skip = digits && digits < len && start[digits] == '/' ? digits + 1 : 0;
            char *entry = strndup(start, len), *name = strndup(start + skip, len - skip);
            if (!entry || !name) {
                free(entry);
                free(name);
                return -1;
            }
            spread_machine *m = &run->machines[run->machine_count++];
            m->entry = entry;
            m->name = name;
        }
        p = *end ? end + 1 : end;
    }
    return 0;
}

/* The machine parallel tagged name, or NULL. */
static size_t machine_named(const spread_run *run, const char *name)
{
    for (size_t i = 0; i < run->machine_count; i++)
        if (run->machines[i].name && strcmp(run->machines[i].name, name) == 0)
            return i;
    return run->machine_count;
}

/*
 * Whether said is a probe's answer ("slide-probe/1 version=V tables=HEX"),
 * with its tables' fingerprint into *tables.
 */
static int probe_tables(const char *said, unsigned long long *tables)
{
    static const char head[] = "slide-probe/1 version=";
    if (strncmp(said, head, sizeof head - 1) != 0)
        return 0;
    const char *field = strstr(said + sizeof head - 1, " tables=");
    if (!field || !isxdigit((unsigned char)field[8]))
        return 0;
    char *end;
    errno = 0;
    *tables = strtoull(field + 8, &end, 16);
    return errno == 0 && (*end == '\0' || *end == ' ');
}

/* The probe's item: the search's identity, as its first item names it, on one line. */
static char *probe_item(const spread_run *run)
{
    char *line = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&line, &size);
    if (!f)
        return NULL;
    split_item item = {run->config->setup.start_bound, 0, 1, "", 0};
    int ok = split_write_item(f, &run->config->setup.search, &item) == 0;
    if (fclose(f) != 0 || !ok) {
        free(line);
        return NULL;
    }
    line[strcspn(line, "\n")] = '\0';
    return line;
}

/* Runs the probe on every machine, their answers in answers[machine]: 0, or -1 after a message. */
static int ask_machines(spread_run *run, machine_answer *answers)
{
    spread_config *cfg = run->config;
    const char *worker = cfg->worker ? cfg->worker : "slide";
    char *item = probe_item(run);
    char *words = strdup(cfg->parallel);
    size_t size = 2 * strlen(worker) + (item ? strlen(item) : 0) + 64;
    char *command = malloc(size);
    int in = open("/dev/null", O_RDONLY);
    if (!item || !words || !command || in < 0) {
        cli_error(in < 0 ? "spread: cannot open /dev/null" : "out of memory");
        free(item);
        free(words);
        free(command);
        if (in >= 0)
            close(in);
        return -1;
    }
    /* an item line holds no quote: it is one word of the shell's as it is */
    snprintf(command, size, "%s --version; %s work --probe '%s'", worker, worker, item);
    char *argv[80];
    int argc = spread_split_words(words, argv, 64);
    argv[argc++] = "--nonall";
    argv[argc++] = "--tag";
    argv[argc++] = "-S";
    argv[argc++] = (char *)cfg->sshlogin;
    argv[argc++] = command;
    argv[argc] = NULL;
    int out = -1;
    pid_t pid = spread_start_parallel(argv, in, &out);
    free(item);
    free(words);
    free(command);
    if (pid < 0)
        return -1;
    FILE *f = fdopen(out, "r");
    char *line = NULL;
    size_t cap = 0;
    while (f && getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\n")] = '\0';
        char *tab = strchr(line, '\t');
        if (!tab)
            continue;
        *tab = '\0';
        size_t i = machine_named(run, line);
        if (i == run->machine_count)
            continue;
        const char *said = tab + 1;
        machine_answer *a = &answers[i];
        if (probe_tables(said, &a->tables))
            a->probed = 1;
        else if (strncmp(said, "slide ", 6) == 0 && !a->version[0])
            snprintf(a->version, sizeof a->version, "%s", said + 6);
    }
    free(line);
    if (f)
        fclose(f);
    else
        close(out);
    spread_wait(pid);
    return 0;
}

/* Whether machine i may take items; if not, says why in one line. */
static int machine_fits(const spread_run *run, size_t i, const machine_answer *a)
{
    const char *name = run->machines[i].name;
    const split_identity *search = &run->config->setup.search;
    const char *worker = run->config->worker ? run->config->worker : "slide";
    if (!a->version[0] && !a->probed) {
        cli_error("spread: %s: no answer to `%s --version` there (no slide on its PATH, or the "
                  "machine cannot be reached: its message above); left out",
                  name, worker);
        return 0;
    }
    if (strcmp(a->version, slide_version()) != 0) {
        cli_error("spread: %s: slide %s there, %s here (every machine needs the same slide); "
                  "left out",
                  name, a->version[0] ? a->version : "of another version", slide_version());
        return 0;
    }
    if (!a->probed) {
        cli_error("spread: %s: `%s work --probe` failed there (its message above); left out", name,
                  worker);
        return 0;
    }
    if (a->tables != search->tables) {
        cli_error("spread: %s: its %s tables are %016llx, this machine's %016llx (every machine "
                  "needs the same pattern databases, which the same slide plans alike); left "
                  "out",
                  name, search->heuristic, a->tables, (unsigned long long)search->tables);
        return 0;
    }
    return 1;
}

int spread_check_machines(spread_run *run)
{
    spread_config *cfg = run->config;
    if (spread_only_this_machine(cfg->sshlogin))
        return 0;
    if (read_entries(run, cfg->sshlogin) != 0) {
        cli_error("out of memory");
        return -1;
    }
    machine_answer *answers = calloc(run->machine_count + 1, sizeof *answers);
    if (!answers) {
        cli_error("out of memory");
        return -1;
    }
    if (ask_machines(run, answers) != 0) {
        free(answers);
        return -1;
    }
    size_t kept = 0;
    for (size_t i = 0; i < run->machine_count; i++) {
        if (machine_fits(run, i, &answers[i])) {
            run->machines[kept++] = run->machines[i];
        } else {
            free(run->machines[i].entry);
            free(run->machines[i].name);
        }
    }
    free(answers);
    size_t was = run->machine_count;
    run->machine_count = kept;
    if (!kept) {
        cli_error("spread: none of the %zu machine%s of --sshlogin can take items (each is named "
                  "above)",
                  was, was == 1 ? "" : "s");
        return -1;
    }
    run->machine_list = spread_machines_but(run, NULL);
    if (!run->machine_list) {
        cli_error("out of memory");
        return -1;
    }
    cfg->sshlogin = run->machine_list;
    return 0;
}

char *spread_machines_but(const spread_run *run, const char *name)
{
    size_t size = 1;
    for (size_t i = 0; i < run->machine_count; i++)
        size += strlen(run->machines[i].entry) + 1;
    char *list = malloc(size);
    if (!list)
        return NULL;
    size_t used = 0;
    for (size_t i = 0; i < run->machine_count; i++) {
        if (name && strcmp(run->machines[i].name, name) == 0)
            continue;
        used += (size_t)snprintf(list + used, size - used, "%s%s", used ? "," : "",
                                 run->machines[i].entry);
    }
    if (!used) {
        free(list);
        return NULL;
    }
    return list;
}

unsigned short spread_host_of(spread_run *run, const char *name, size_t len)
{
    for (size_t i = 0; i < run->host_count; i++)
        if (strlen(run->hosts[i].name) == len && memcmp(run->hosts[i].name, name, len) == 0)
            return (unsigned short)(i + 1);
    if (run->host_count >= 65535)
        return 0;
    spread_host *hosts = realloc(run->hosts, (run->host_count + 1) * sizeof *hosts);
    if (!hosts)
        return 0;
    run->hosts = hosts;
    spread_host *h = &hosts[run->host_count];
    memset(h, 0, sizeof *h);
    h->name = strndup(name, len);
    if (!h->name)
        return 0;
    return (unsigned short)++run->host_count;
}

void spread_hosts_describe(const spread_run *run, int total, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < run->host_count && used < size; i++)
        used +=
            (size_t)snprintf(buf + used, size - used, "%s%s %lu", i ? ", " : "", run->hosts[i].name,
                             total ? run->hosts[i].total : run->hosts[i].results);
}
