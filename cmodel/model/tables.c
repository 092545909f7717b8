/* tables.c -- names of codes, for messages, traces and the disassembler.
 * Each function is a switch expanded from its .def table, so a duplicate
 * code in a table is a compile error ("duplicate case value") and a code
 * with no row -- any unsigned value at all -- falls to "?".  Nothing is
 * indexed, so no input can read out of bounds. */
#include "wq/defs.h"

const char *wq_trap_name(unsigned code)
{
    switch (code) {
#define TRAP(n, c, r) case (c): return #n;
#include "../spec/trap.def"
#undef TRAP
    default: return "?";
    }
}

const char *wq_cherr_name(unsigned code)
{
    switch (code) {
#define CHERR(n, c) case (c): return #n;
#include "../spec/error.def"
#undef CHERR
    default: return "?";
    }
}

const char *wq_toktype_name(unsigned code)
{
    switch (code) {
#define TOKTYPE(n, c) case (c): return #n;
#include "../spec/token.def"
#undef TOKTYPE
    default: return "?";
    }
}

const char *wq_event_name(unsigned code)
{
    switch (code) {
#define EVENT(n, c) case (c): return #n;
#include "../spec/event.def"
#undef EVENT
    default: return "?";
    }
}

const char *wq_chstate_name(unsigned code)
{
    switch (code) {
#define CHSTATE(n, c) case (c): return #n;
#include "../spec/csr.def"
#undef CHSTATE
    default: return "?";
    }
}

const char *wq_semop_name(unsigned code)
{
    switch (code) {
#define SEMOP(n, c) case (c): return #n;
#include "../spec/sem.def"
#undef SEMOP
    default: return "?";
    }
}

const char *wq_semred_name(unsigned code)
{
    switch (code) {
#define SEMRED(n, c) case (c): return #n;
#include "../spec/sem.def"
#undef SEMRED
    default: return "?";
    }
}
