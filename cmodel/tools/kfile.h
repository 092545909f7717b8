/* kfile.h -- a kernel file's `//@` lines: the launch, the inputs and the
 * checks that travel with an OpenCL C kernel (tests/kernels, the clgen
 * generator's output; the language is in docs/compiler.md "Verification").
 * Read by `wq run KERNEL.cl` when no --global or --arg is given
 * (cli_clrun.c) and by the kernels' host program tests/kernels/run.c, which
 * runs the same file on warpq and on POCL.  Plain C99 with no warpq
 * dependency: run.c compiles cli_kfile.c and cli_kcheck.c beside itself.
 *
 *   //@ kernel NAME                  the kernel to run (default: the file's first)
 *   //@ global X[,Y[,Z]]             global size (default 64)
 *   //@ local X[,Y[,Z]]              local size (default: the platform chooses)
 *   //@ options OPTS                 build options
 *   //@ wq_options OPTS              build options on warpq only (-wq-regs=8, ...)
 *   //@ buf TYPE COUNT INIT          a buffer argument; TYPE u8 i8 u16 i16 u32 i32;
 *                                    INIT: zero | seq [START [STEP]] | rand SEED [MOD]
 *                                    | const V | rand32 SEED (two rand draws,
 *                                    (a << 8) ^ b: all 32 bits)
 *   //@ local_buf BYTES              a __local argument
 *   //@ scalar TYPE V                a scalar argument
 *   //@ print ARG                    print buffer ARG (0-based argument index)
 *   //@ expect ARG INDEX VALUE       element INDEX of buffer ARG must equal VALUE
 *   //@ expect_all ARG VALUE         every element must
 *   //@ expect_seq ARG START V V...  elements START, START+1, ... must equal
 *                                    the values (any number per line)
 *   //@ expect_hash ARG VALUE        the FNV-1a hash of buffer ARG's elements
 *                                    (as u32, in order) must equal VALUE (the
 *                                    value is POCL's output's; a failure
 *                                    prints the hash found)
 *   //@ repeat N ARG                 launch N times, scalar argument ARG set to
 *                                    the pass 0..N-1 (buffers stay)
 *   //@ check NAME ARG...            a verdict computed on the host from the
 *                                    buffers' initial and final contents
 *                                    (cli_kcheck.c: scan, sorted, matmul, bfs,
 *                                    chains, list, transfers)
 *   //@ lock                         the output depends on scheduling (the
 *                                    file prints only verdicts)
 *   //@ per_thread ARG K             buffer ARG holds K words per work-item: a
 *                                    failed check also names the work-item
 *   //@ fp                           the kernel uses float: it runs on a warpq
 *                                    device with an FPU (WQ_FP=1, the model
 *                                    only while the RTL has none)
 *
 * A malformed line is an error naming the file's line, never a crash. */
#ifndef WQ_KFILE_H
#define WQ_KFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define WQ_KF_MAX_ARGS   16
#define WQ_KF_MAX_CHECKS 16
#define WQ_KF_MAX_COUNT  (1u << 24)     /* elements of one buffer           */

enum { WQ_KF_BUF, WQ_KF_LOCAL, WQ_KF_SCALAR };
enum { WQ_KF_ONE, WQ_KF_ALL, WQ_KF_HASH };

typedef struct wq_kf_arg {
    int      kind;                  /* WQ_KF_*                               */
    int      esize, is_signed;
    size_t   count;                 /* buffer elements; local bytes          */
    uint8_t *data;                  /* the buffer: initial, then final       */
    uint8_t *init;                  /* the initial contents, for the checks  */
    uint32_t scalar;
} wq_kf_arg_t;

typedef struct wq_kf_expect {
    int      arg, how;              /* how: WQ_KF_ONE, _ALL, _HASH           */
    size_t   idx;
    uint32_t val;
} wq_kf_expect_t;

typedef struct wq_kfile {
    int      lines;                 /* `//@` lines read                      */
    int      has_global;
    char     kernel[128];
    char     options[1024], wq_options[512];
    unsigned work_dim;
    size_t   global[3], local[3];
    int      have_local, lock, fp;
    wq_kf_arg_t args[WQ_KF_MAX_ARGS];
    int      nargs;
    int      prints[WQ_KF_MAX_ARGS], nprint;
    wq_kf_expect_t *ex;
    size_t   nex, capex;
    int      repeat, repeat_arg;
    char     checks[WQ_KF_MAX_CHECKS][256];
    int      nchecks;
    int      pt_arg;
    size_t   pt_k;
} wq_kfile_t;

/* parse the `//@` lines of src (a NUL-terminated kernel file): 0, or -1
 * with "LINE: message" in err; k is always safe to wq_kfile_free */
int  wq_kfile_parse(wq_kfile_t *k, const char *src, char *err, size_t errn);
void wq_kfile_free(wq_kfile_t *k);

/* an element type's name (the first n characters of t: u8 i8 u16 i16 u32
 * i32): 0 with its size and signedness, or -1 */
int wq_kf_type(const char *t, size_t n, int *esize, int *sgn);

/* the buffer initialisers' generator (`rand`, `wq run --arg buf:...=rand:`):
 * x = x * 1664525 + 1013904223, the element x >> 8 */
uint32_t wq_kf_lcg(uint32_t *s);

/* sizes "X[,Y[,Z]]", each 1..2^32-1, the missing ones 1: 0 with their
 * count in *nd, or -1 */
int wq_kf_dims(const char *s, size_t d[3], unsigned *nd);

/* element i of argument a's final (data) or initial (init) contents,
 * sign-extended for signed types */
uint32_t wq_kf_get(const wq_kf_arg_t *a, size_t i);
uint32_t wq_kf_get0(const wq_kf_arg_t *a, size_t i);

/* the `print` lines, "arg N:" and the elements in hex, 16 a line */
void wq_kfile_print(const wq_kfile_t *k, FILE *out);

/* every expect and check on the final contents: the failures, then
 * "expect: ok" or "expect: FAILED"; returns 1 when one failed, else 0 */
int  wq_kfile_verdict(const wq_kfile_t *k, FILE *out);

/* one `check NAME ARG...` line (cli_kcheck.c): 0 when it holds, else 1
 * after printing the first difference */
int  wq_kf_check(const char *line, const wq_kf_arg_t *args, int nargs, FILE *out);

#endif
