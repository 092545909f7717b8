/* gen_registry.h -- the define registry of wq_gen: every row of the tables
 * in cmodel/spec/ read through the same X-macros as defs.h, with the name a
 * Verilog or firmware header gives it and the bare spelling a hand-written
 * copy would use.  wq_gen.c writes the headers from it; drift.c looks for
 * copies of its values in the tree. */
#ifndef WQ_GEN_REGISTRY_H
#define WQ_GEN_REGISTRY_H
#include <stddef.h>
#include <stdint.h>

enum {
    WQ_K_CODE,      /* a row's own value: code, offset, field bound      */
    WQ_K_OFFSET,    /* method byte offset or CSR offset (literal check)  */
    WQ_K_MADDR,     /* method dword address (literal check)             */
    WQ_K_DERIVED,   /* computed for RTL convenience; name check only     */
    WQ_K_TEXT       /* non-numeric body (bit ranges); not in list / tb   */
};

typedef struct wq_def {
    char       *name;      /* emitted define, e.g. WQ_OP_ADD              */
    char       *key;       /* bare spelling a hand copy would use ("ADD",
                              "RD_HI"), NULL when not worth matching       */
    char       *text;      /* WQ_K_TEXT body                              */
    uint64_t    value;
    unsigned    width;     /* 0: plain integer, else sized literal        */
    unsigned    kind;
    const char *src;       /* .def file and table macro of the row        */
    const char *table;
    const char *row;
    unsigned    hdr;       /* WQ_H_*: the header it goes to (none: WQ_H_SW) */
} wq_def_t;

/* WQ_H_SW: a layout only software reads (the kernel ABI, nested work's
 * memory): in no Verilog header, but in the C view, the device library's
 * `.equ` block and the drift check like every row */
enum { WQ_H_DEFS, WQ_H_UE, WQ_H_UES, WQ_H_SW };

typedef struct wq_table {
    const char *src, *macro;
    unsigned    rows;
    unsigned    hdr;
} wq_table_t;

typedef struct wq_gen {
    wq_def_t   *d;
    size_t      n, cap;
    wq_table_t  t[96];
    size_t      nt;
    int         err;       /* a row did not fit its width, or names clash */
    unsigned    hdr;       /* header of the rows being collected */
} wq_gen_t;

/* fill g with every row (g->err set when a row does not fit or names clash) */
void wq_collect(wq_gen_t *g);
/* the numeric defines sorted by name (caller frees the array) */
wq_def_t **wq_sorted(wq_gen_t *g);
void wq_free_gen(wq_gen_t *g);
/* d's value as Verilog writes it: decimal, or a sized hex literal */
void wq_literal(const wq_def_t *d, char *buf, size_t len);
/* report hand-written copies of g's rows in one C, Verilog or firmware file;
 * *hits counts them; -1 when the file cannot be read (drift.c) */
int wq_check_file(const wq_gen_t *g, const char *path, unsigned *hits);

/* wq_sched_ue's dispatch tables as firmware source (gen_uestab.c); 1 when
 * a code has no row */
int wq_emit_uestab(void);

#endif
