/*
 * interrupt.c - Ctrl-C (or a kill) during a batch of `slide solve`: an
 * orderly stop, so that every line written is a whole answer.
 *
 * Killed at once, a batch would leave what stdio had not written yet
 * unwritten and, into a file, a last line cut wherever a block ended: a
 * script resuming the batch could not tell its last answer from half of
 * one.  So the first SIGINT, SIGTERM or SIGHUP only sets a flag: the search
 * running is cancelled through slide_limits.cancel, no further board is
 * started, the answers before are written, and then the process ends by
 * that signal (its exit status is the signal's, as a kill's would be).  A
 * second signal ends it at once (the handler is reset by the first), for a
 * batch stuck writing to a reader that does not read.  While the batch
 * waits for input with every answer written (cli_interrupt_idle), there is
 * nothing to save, so the first signal ends the process at once as well.
 */
#include "cli/base/base.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>

/* The signal that asked to stop, 0 none.  Lock-free, so a handler may store it. */
static atomic_int stop_signal;
/* Non-zero while nothing is unwritten: a signal may end the process at once. */
static atomic_int idle;

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};

/* Only async-signal-safe work: a lock-free store, or the erase and raise(3) of dying now. */
static void on_stop_signal(int sig)
{
    if (atomic_load(&idle)) {
        cli_progress_erase_for_signal();
        raise(sig); /* SA_RESETHAND put the default action back: the process ends by sig */
        return;
    }
    int none = 0;
    atomic_compare_exchange_strong(&stop_signal, &none, sig);
}

void cli_interrupt_watch(void)
{
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++) {
        struct sigaction old, sa;
        /* a signal ignored or handled already (nohup, a shell's background job) stays so */
        if (sigaction(stop_signals[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL)
            continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_stop_signal;
        sigemptyset(&sa.sa_mask);
        for (size_t j = 0; j < sizeof stop_signals / sizeof stop_signals[0]; j++)
            sigaddset(&sa.sa_mask, stop_signals[j]);
        /* SA_RESTART: reads and writes carry on; the flag is looked at between boards */
        sa.sa_flags = SA_RESETHAND | SA_RESTART;
        sigaction(stop_signals[i], &sa, NULL);
    }
}

int cli_interrupted(void)
{
    return atomic_load_explicit(&stop_signal, memory_order_relaxed);
}

int cli_interrupt_cancel(void *unused)
{
    (void)unused;
    return cli_interrupted() != 0;
}

void cli_interrupt_idle(int nothing_unwritten)
{
    atomic_store(&idle, nothing_unwritten);
}

void cli_interrupt_exit(void)
{
    int sig = cli_interrupted();
    if (!sig)
        return;
    fflush(stdout);
    fflush(stderr);
    signal(sig, SIG_DFL);
    raise(sig);
}
