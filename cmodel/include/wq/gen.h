/* gen.h -- seeded generators for the lockstep regression: random kernels
 * (.wqs text the assembler accepts) and random host command streams (the
 * stream text format of stream.h).  Every output is a pure function of
 * (seed, options): the same seed replays the same test.  No globals.
 *
 * A generated program carries its own checks: `.expect` lines for every
 * word of its output areas, computed by running it on the model (LANES 32);
 * the programs are built so that the final memory does not depend on LANES
 * (wq_gen_check_prog runs 8, 16 and 32).  A trap scenario names the trap it
 * must raise in its first line ("; wq-gen prog ... trap=NAME"). */
#ifndef WQ_GEN_H
#define WQ_GEN_H
#include <stddef.h>
#include <stdint.h>

/* error codes of the generators and checkers */
enum {
    WQ_GEN_OK = 0,
    WQ_GEN_EOPTS = -1,    /* options out of range                        */
    WQ_GEN_ENOMEM = -2,
    WQ_GEN_EASM = -3,     /* generated text did not assemble (generator bug) */
    WQ_GEN_ERUN = -4,     /* reference run did not end as intended (bug)  */
};

/* program features (wq_gen_opts_t.features); WQ_GEN_F_ALL = every one */
#define WQ_GEN_FEATURES(X) \
    X(ALU,    0, "alu")     /* ALU, MOV, SEL, SETP, predicated ops        */ \
    X(IF,     1, "if")      /* if/else: SSY/SYNC with predicated BRA      */ \
    X(LOOP,   2, "loop")    /* bounded loops, break/continue (PBRK/PCONT) */ \
    X(CALL,   3, "call")    /* CALL/RET, nested, guarded                 */ \
    X(BRX,    4, "brx")     /* per-thread targets: BRX, JMX               */ \
    X(YIELD,  5, "yield")   /* YIELD in loops and straight code           */ \
    X(LOCK,   6, "lock")    /* spin locks (CAS acquire, EXCH release)     */ \
    X(MEM,    7, "mem")     /* LD/ST .32 and .v4, per-thread and shared   */ \
    X(ATOM,   8, "atom")    /* atomics of every op on contended words     */ \
    X(SREG,   9, "sreg")    /* S2R in the body (the prologue reads all)   */ \
    X(BAR,   10, "bar")     /* CTA barrier with a cross-warp exchange     */ \
    X(SUBV,  11, "subv")    /* sub-vector segments and the loop form      */ \
    X(MULTI, 12, "multi")   /* several launches, CTAs, 3-D shapes         */
enum {
#define X(n, b, s) WQ_GEN_F_##n = 1u << (b),
    WQ_GEN_FEATURES(X)
#undef X
};
#define WQ_GEN_NFEATURES 13u
#define WQ_GEN_F_ALL ((1u << WQ_GEN_NFEATURES) - 1u)
const char *wq_gen_feature_name(unsigned bit);
/* "alu,if,loop" or "all" -> mask; 0 on success, -1 on an unknown name */
int wq_gen_parse_features(const char *s, unsigned *mask);

/* trap scenarios (wq_gen_opts_t.trap): a WQ_TRAP_* code the program must
 * stop on, 0 for none.  Supported: ILLEGAL_INSTR, ILLEGAL_REG, MISALIGNED,
 * DEQUE_FULL, SUBV_MISUSE (ORPHANED cannot come from a program alone: only
 * a driver that corrupts the deque raises it, test_diverge.c) */
#define WQ_GEN_NSCENARIOS 6u        /* 0 and the five traps above */
/* scenario i (0..WQ_GEN_NSCENARIOS-1) -> trap code; 0 for i = 0 */
unsigned wq_gen_scenario_trap(unsigned i);

typedef struct wq_gen_opts {
    unsigned features;          /* WQ_GEN_F_* mask; 0 means all            */
    unsigned size;              /* body statements, 1..200 (default 24)     */
    unsigned warps_min, warps_max;  /* warps per CTA, 1..4 (default 1..3)  */
    unsigned ctas_min, ctas_max;    /* CTAs per launch, 1..4 (default 1..2) */
    unsigned trap;              /* WQ_TRAP_* to provoke, 0 = none           */
    unsigned lanes;             /* LANES of the reference run (default 32)  */
    uint32_t code_base;         /* .code address (default 0x1000)           */
    unsigned area;              /* first launch area index (default 0)      */
    int      no_expects;        /* leave out the .expect lines (streams add
                                   their own after running the whole stream) */
    int      timing_free;       /* results independent of timing, not just of
                                   LANES: the sub-vector programs' rules (no
                                   locks, order-free atomics with the old
                                   value discarded, no shared buffer) in
                                   every program, so .expect holds under the
                                   RTL's timing too (lockstep regression) */
    int      fp;                /* the machine has an FPU (configuration
                                   fp = 1): ALU statements include the
                                   WQ_IF_FP instructions, and the reference
                                   run has one; such a program needs fp = 1
                                   (`wq run --fp 1`, a core with FP = 1) */
} wq_gen_opts_t;

void wq_gen_opts_default(wq_gen_opts_t *o);

/* What a generator put into one test: used by the coverage test. */
typedef struct wq_gen_info {
    unsigned feat_used;         /* WQ_GEN_F_* actually emitted              */
    unsigned trap_code;         /* WQ_TRAP_* expected, 0 = none             */
    unsigned nlaunch, threads;  /* launches, threads over all launches      */
    unsigned chan_errs;         /* streams: bit e = channel error e expected */
} wq_gen_info_t;

/* Generate one program.  On success *wqs_text is a malloc'd NUL-terminated
 * .wqs source (caller frees).  err (may be NULL) receives a message. */
int wq_gen_prog(uint64_t seed, const wq_gen_opts_t *opts, char **wqs_text,
                wq_gen_info_t *info, char *err, size_t errlen);

/* stream generator options */
typedef struct wq_gen_stream_opts {
    int      bad;               /* also generate channels that must fail    */
    unsigned channels;          /* channels used, 1..4 (default 0 = random) */
    int      timing_free;       /* kernels with opts.timing_free: every
                                   expectation holds under any timing      */
} wq_gen_stream_opts_t;

/* Generate one command stream (stream.h text format), *text malloc'd. */
int wq_gen_stream(uint64_t seed, const wq_gen_stream_opts_t *opts, char **text,
                  wq_gen_info_t *info, char *err, size_t errlen);

/* ---- OpenCL C kernels with a per-thread oracle (gen_cl.c, gen_cl_eval.c) --
 * Generate one random OpenCL C kernel (*text malloc'd): its `//@` header
 * is tests/kernels/run.c's launch description, and its `//@ expect_seq`
 * lines hold every thread's outputs and the counters' final values as the
 * generator's own evaluator computed them (docs/model/gen.md). */
/* The language features a kernel may use beyond the base set (integer
 * scalars, structured control flow, helpers, builtins, atomics): one bit
 * each, in wq_gen_cl_opts_t.features.  A feature off draws no random
 * numbers, so the base set (features 0) gives every seed the kernel it had
 * before the features existed. */
enum {
    WQ_GEN_CL_STRUCT,               /* struct types, member reads and writes,
                                       copies, ?: and compound literals,
                                       by-value parameters and results      */
    WQ_GEN_CL_PTRMEMBER,            /* pointer members addressing in, out and
                                       cnt (needs STRUCT)                   */
    WQ_GEN_CL_STMTEXPR,             /* GNU statement expressions ({ ... })  */
    WQ_GEN_CL_STRUCTARRAY,          /* private arrays of structs indexed at
                                       run time (needs STRUCT)              */
    WQ_GEN_CL_VECTOR,               /* integer vector locals, literals,
                                       swizzles, component-wise operators,
                                       convert_/as_, select, vload/vstore  */
    WQ_GEN_CL_GOTO,                 /* goto and labels: forward out of
                                       loops, backward loops, into blocks,
                                       irreducible two-entry loops         */
    WQ_GEN_CL_FLOAT,                /* float locals and arithmetic, fma,
                                       fmin/fmax/fabs/sqrt, conversions in
                                       every rounding mode, compares; runs
                                       on a device with an FPU (WQ_FP=1),
                                       so not in the default set            */
    WQ_GEN_CL_NFEATURES
};
#define WQ_GEN_CL_F_DEFAULT ((1u << WQ_GEN_CL_STRUCT) | (1u << WQ_GEN_CL_PTRMEMBER) | \
                             (1u << WQ_GEN_CL_STMTEXPR) | (1u << WQ_GEN_CL_STRUCTARRAY) | \
                             (1u << WQ_GEN_CL_VECTOR) | (1u << WQ_GEN_CL_GOTO))
#define WQ_GEN_CL_F_ALL     (WQ_GEN_CL_F_DEFAULT | (1u << WQ_GEN_CL_FLOAT))

#define WQ_GEN_CL_PREFIX_MAX 32
typedef struct wq_gen_cl_opts {
    unsigned features;              /* WQ_GEN_CL_* bits; default WQ_GEN_CL_F_DEFAULT */
    const char *prefix;             /* NULL or "": the kernel is `clgen`; else an
                                       identifier put before every file-scope
                                       name (the kernel PREFIXclgen, named by a
                                       `//@ kernel` line, its helpers, structs),
                                       so that many seeds share one program;
                                       the kernel is otherwise the same      */
} wq_gen_cl_opts_t;

void        wq_gen_cl_opts_default(wq_gen_cl_opts_t *o);
/* "struct,stmtexpr", "all" (the default set), "base" (none); -1 if unknown */
int         wq_gen_cl_parse_features(const char *s, unsigned *mask);
const char *wq_gen_cl_feature_name(unsigned bit);

/* opts NULL: the defaults.  WQ_GEN_EOPTS for a reserved or unknown
 * feature, PTRMEMBER or STRUCTARRAY without STRUCT, or a prefix that is not
 * an identifier of at most WQ_GEN_CL_PREFIX_MAX characters. */
int wq_gen_cl(uint64_t seed, const wq_gen_cl_opts_t *opts, char **text, char *err, size_t errlen);

/* ---- checking on the model (gen_check.c) --------------------------------- */
typedef struct wq_gen_result {
    int      ok;                /* 1: ended as the test says                 */
    uint64_t ticks;
    unsigned trap_code;         /* trap seen, 0 = none                      */
    unsigned bad_expects;       /* .expect lines that failed                 */
    uint64_t mem_hash;          /* FNV-1a over every .expect address' word  */
    char     msg[256];          /* why not ok                                */
} wq_gen_result_t;

/* Assemble and run a generated program at `lanes`; checks its .expect lines
 * and its expected trap (header line). */
int wq_gen_run_prog(const char *text, unsigned lanes, wq_gen_result_t *r);
/* Run a stream text at `lanes`; checks its expectations (stream.h). */
int wq_gen_run_stream(const char *text, unsigned lanes, wq_gen_result_t *r);
/* The trap a generated text expects (header), 0 = none. */
unsigned wq_gen_expected_trap(const char *text);

#endif
