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
 * batch stuck writing to a reader that does not read.  A batch waiting for
 * input waits on cli_interrupt_fd() too, which the handler writes a byte
 * to, so the first signal ends that wait as well.
 */
#include "cli/base/base.h"

#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

/* The signal that asked to stop, 0 none.  Lock-free, so a handler may store it. */
static atomic_int stop_signal;
/* The self-pipe a signal writes a byte to, for a wait on input to see; -1: none. */
static int wake[2] = {-1, -1};

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};

/* Only async-signal-safe work: a lock-free store and write(2). */
static void on_stop_signal(int sig)
{
    int none = 0;
    atomic_compare_exchange_strong(&stop_signal, &none, sig);
    if (wake[1] >= 0) {
        ssize_t written = write(wake[1], "", 1);
        (void)written; /* a full pipe already says it */
    }
}

void cli_interrupt_watch(void)
{
    if (wake[0] < 0 && pipe(wake) == 0) {
        for (int end = 0; end < 2; end++) {
            fcntl(wake[end], F_SETFD, FD_CLOEXEC);
            fcntl(wake[end], F_SETFL, fcntl(wake[end], F_GETFL) | O_NONBLOCK);
        }
    }
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

int cli_interrupt_fd(void)
{
    return wake[0];
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
