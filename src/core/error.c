/* error.c - names for status codes. */
#include "slide.h"

const char *slide_strerror(int status)
{
    switch (status) {
    case SLIDE_OK: return "ok";
    case SLIDE_E_PARSE: return "invalid board";
    case SLIDE_E_NOMEM: return "out of memory";
    case SLIDE_E_MEMLIMIT: return "memory limit reached";
    case SLIDE_E_TIMEOUT: return "time limit reached";
    case SLIDE_E_UNSOLVABLE: return "unsolvable";
    case SLIDE_E_SHAPE: return "start and goal differ in shape";
    case SLIDE_E_TOO_LARGE: return "board too large for this algorithm";
    case SLIDE_E_ARGUMENT: return "invalid argument";
    case SLIDE_E_UNKNOWN_ALGO: return "unknown algorithm";
    case SLIDE_E_UNKNOWN_HEURISTIC: return "unknown heuristic";
    case SLIDE_E_BAD_MOVE: return "illegal move";
    case SLIDE_E_IO: return "input/output error";
    case SLIDE_E_CORRUPT: return "corrupt file";
    case SLIDE_E_CANCELLED: return "cancelled";
    case SLIDE_E_INTERNAL: return "internal error";
    default: return "unknown error";
    }
}
