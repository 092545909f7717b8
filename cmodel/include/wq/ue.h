/* ue.h -- the micro-engine (docs/rtl/wq_ue.md, docs/model/ue.md): its
 * instruction-set simulator, the
 * deterministic test device the simulator and the RTL bench share, the
 * disassembler, the random program generator and the assembler.
 *
 * The encoding comes from cmodel/spec/ue.def only.  The simulator keeps the
 * register RAM in PHYSICAL words (the address the RTL's write port shows), so
 * a bench compares o_rf_waddr with the record of wq_ue_step() directly. */
#ifndef WQ_UE_H
#define WQ_UE_H
#include <stddef.h>
#include <stdint.h>

/* ---- the table ----------------------------------------------------------- */

enum {
#define UEFIELD(n, hi, lo) WQ_UE_F_##n##_HI = (hi), WQ_UE_F_##n##_LO = (lo),
#include "../../spec/ue.def"
#undef UEFIELD
};
enum {
#define UEFLAG(n, bit) WQ_UE_FL_##n = 1u << (bit),
#include "../../spec/ue.def"
#undef UEFLAG
};
enum {
#define UEFMT(n, c) WQ_UE_FMT_##n = (c),
#include "../../spec/ue.def"
#undef UEFMT
    WQ_UE_FMT_COUNT_ = 0
};
enum {
#define UEOP(n, c, fmt, fl) WQ_UE_OP_##n = (c),
#include "../../spec/ue.def"
#undef UEOP
    WQ_UE_OP_COUNT = 32
};
enum {
#define UEVAL(n, v) WQ_UE_##n = (v),
#include "../../spec/ue.def"
#undef UEVAL
};

/* the ROM padding, and what a PC at or past the ROM depth reads */
#define WQ_UE_PAD_WORD \
    (WQ_UE_PUT(OP, WQ_UE_OP_HALT) | WQ_UE_PUT(I, 1) | WQ_UE_PUT(K10, WQ_UE_PAD_HALT_CODE))

/* value of field F of word w */
#define WQ_UE_GET(w, F) \
    (((uint32_t)(w) >> WQ_UE_F_##F##_LO) & \
     (0xFFFFFFFFu >> (31 - (WQ_UE_F_##F##_HI - WQ_UE_F_##F##_LO))))
/* field F holding v, for OR-ing into a word */
#define WQ_UE_PUT(F, v) \
    (((uint32_t)(v) & (0xFFFFFFFFu >> (31 - (WQ_UE_F_##F##_HI - WQ_UE_F_##F##_LO)))) \
     << WQ_UE_F_##F##_LO)

typedef struct wq_ue_opinfo {
    const char *name;               /* mnemonic in upper case, as in ue.def */
    unsigned    fmt;                /* WQ_UE_FMT_* */
    unsigned    flags;              /* WQ_UE_FL_* */
} wq_ue_opinfo_t;

extern const wq_ue_opinfo_t wq_ue_ops[32];

/* ---- engine -------------------------------------------------------------- */

enum {
    WQ_UE_OK       =  0,
    WQ_UE_EHALTED  = -1,            /* step: the engine has halted */
    WQ_UE_EARG     = -2,            /* bad configuration or argument */
    WQ_UE_ETOOBIG  = -3             /* image larger than the ROM */
};

#define WQ_UE_MAX_PAGES_LOG2 5u
#define WQ_UE_MAX_PAGES      (1u << WQ_UE_MAX_PAGES_LOG2)
#define WQ_UE_MAX_WIN_LOG2   7u
#define WQ_UE_MAX_ROM        (1u << WQ_UE_PC_W)
#define WQ_UE_MAX_PHYS       (1u << (1 + WQ_UE_MAX_PAGES_LOG2 + WQ_UE_MAX_WIN_LOG2))

typedef struct wq_ue_cfg {
    unsigned rom_aw;                /* PC bits, 1..WQ_UE_PC_W (RTL ROM_AW) */
    unsigned pages;                 /* 1..WQ_UE_MAX_PAGES (RTL PAGES) */
    unsigned win_log2;              /* words per page, log2, 0..7 (RTL WIN_LOG2) */
    unsigned rom_depth;             /* ROM words, 1..2^rom_aw; 0 means 2^rom_aw
                                     * (RTL ROM_DEPTH) */
} wq_ue_cfg_t;

/* the defaults of rtl/wq_ue.v */
#define WQ_UE_CFG_DEFAULT { 11u, 2u, 6u, 0u }

typedef struct wq_ue {
    wq_ue_cfg_t cfg;
    unsigned    wsel_w;             /* WSEL bits: log2(pages rounded up to 2^n) */
    unsigned    phys_w;             /* physical register address bits */
    uint32_t    pc, wsel;
    int         halted;
    uint32_t    halt_code;
    uint64_t    count;              /* instructions retired since reset */
    uint32_t    rom[WQ_UE_MAX_ROM];
    uint32_t    rf[WQ_UE_MAX_PHYS]; /* register RAM, physical words */
} wq_ue_t;

/* I/O devices: in() gives an `in`'s value, out() takes an `out`'s */
typedef struct wq_ue_io {
    uint32_t (*in)(void *ctx, uint32_t port);
    void     (*out)(void *ctx, uint32_t port, uint32_t value);
} wq_ue_io_t;

enum { WQ_UE_IO_NONE, WQ_UE_IO_IN, WQ_UE_IO_OUT };

/* what one instruction did, to compare with the RTL's retire, write and
 * I/O ports */
typedef struct wq_ue_rec {
    uint32_t pc, word, next_pc;
    int      we;                    /* a register write (never to r0) */
    uint32_t waddr, wdata;          /* physical address, value */
    int      io;                    /* WQ_UE_IO_* */
    uint32_t port, io_data;         /* in: value read; out: value written */
    int      halted;                /* this instruction halted the engine */
    uint32_t halt_code;
} wq_ue_rec_t;

/* the ROM depth of cfg: rom_depth, or 2^rom_aw when that is 0 */
unsigned wq_ue_depth(const wq_ue_cfg_t *cfg);
/* the 14-bit branch / jal target of word w (B: {TB, T}, J: {TJ, T}); 0 for
 * other formats */
uint32_t wq_ue_target(uint32_t w);
/* w with its B / J target replaced by t (t < 2^WQ_UE_PC_W) */
uint32_t wq_ue_set_target(uint32_t w, uint32_t t);

/* Checks cfg and clears everything (ROM, register RAM, state).  0 or EARG. */
int  wq_ue_init(wq_ue_t *ue, const wq_ue_cfg_t *cfg);
/* i_reset: PC = 0, WSEL = 0, running; the register RAM is kept */
void wq_ue_reset(wq_ue_t *ue);
/* ROM words 0..n-1 = words, the rest 0.  0, or ETOOBIG (ROM unchanged) */
int  wq_ue_load(wq_ue_t *ue, const uint32_t *words, size_t n);
/* One instruction; io may be NULL (in reads 0, out is dropped).  rec may be
 * NULL.  0, or EHALTED when the engine had already halted (nothing done). */
int  wq_ue_step(wq_ue_t *ue, const wq_ue_io_t *io, void *io_ctx, wq_ue_rec_t *rec);
/* Steps until halt or max instructions; the number executed */
uint64_t wq_ue_run(wq_ue_t *ue, const wq_ue_io_t *io, void *io_ctx, uint64_t max);
/* physical word of 8-bit register address reg under page wsel */
uint32_t wq_ue_phys(const wq_ue_t *ue, uint32_t reg, uint32_t wsel);
/* register reg as the program sees it now (under the current WSEL) */
uint32_t wq_ue_reg(const wq_ue_t *ue, uint32_t reg);
/* 64-bit FNV-1a over the physical register RAM, for summaries */
uint64_t wq_ue_checksum(const wq_ue_t *ue);

/* Read a hex image (one word per line, `wq ue asm -o`) into words[0..*n),
 * at most cap.  0, or -1 with "file:line: message" in err. */
int  wq_ue_hex_read(const char *path, uint32_t *words, size_t cap, size_t *n, char *err,
                    size_t errlen);

/* ---- the test device ------------------------------------------------------
 * in() returns wq_ue_testdev_value(seed, port, n) where n counts the in()s
 * so far; out() records (port, value).  The RTL bench drives i_io_rdata from
 * the same function, so both sides read the same values. */
#define WQ_UE_TESTDEV_LOG 4096u

typedef struct wq_ue_testdev {
    uint64_t seed;
    uint64_t nin, nout;
    uint64_t out_hash;              /* FNV-1a over every (port, value) */
    uint32_t log_port[WQ_UE_TESTDEV_LOG], log_value[WQ_UE_TESTDEV_LOG];
} wq_ue_testdev_t;

void     wq_ue_testdev_init(wq_ue_testdev_t *td, uint64_t seed);
uint32_t wq_ue_testdev_value(uint64_t seed, uint32_t port, uint64_t n);
uint32_t wq_ue_testdev_in(void *td, uint32_t port);
void     wq_ue_testdev_out(void *td, uint32_t port, uint32_t value);
extern const wq_ue_io_t wq_ue_testdev_io;

/* ---- disassembler -------------------------------------------------------- */

/* One line of assembly that `wq ue asm` turns back into the same word: the
 * canonical form when the word is what the assembler writes, else
 * ".word 0x........  ; <meaning>".  Returns buf. */
char *wq_ue_disasm(uint32_t word, char *buf, size_t len);
/* the same, with the branch / jal target written as the name target
 * (when not NULL) instead of a number */
char *wq_ue_disasm_sym(uint32_t word, const char *target, char *buf, size_t len);
/* the bits of word its instruction reads (all of them for opcode 31) */
uint32_t wq_ue_used_mask(uint32_t word);
/* the word the assembler writes for the same instruction (ignored fields
 * cleared, the i bit set where it is ignored) */
uint32_t wq_ue_canon(uint32_t word);

/* ---- random program generator (engine bench) -----------------------------
 * A terminating program that uses every opcode and form; deterministic per
 * seed.  words[0..*n) is the image (at most cap words, cap <= ROM depth of
 * cfg); asm, if not NULL, receives assembly source that assembles to the
 * same words (malloc'd, caller frees).  0, or EARG. */
typedef struct wq_ue_genopt {
    uint64_t seed;
    unsigned cap;                   /* words available (ROM depth; the PC wraps at
                                     * the next power of 2) */
    unsigned pages;                 /* wsel values go beyond this to wrap */
    unsigned win_log2;
} wq_ue_genopt_t;

int wq_ue_gen(const wq_ue_genopt_t *opt, uint32_t *words, unsigned *n, char **asm_text);

/* ---- assembler ----------------------------------------------------------- */

#define WQ_UE_ASM_MAX_INC  8u       /* .include nesting depth */
#define WQ_UE_ASM_MAX_DIRS 8u       /* -I directories */

typedef struct wq_ue_asmopt {
    unsigned    rom_aw;             /* PC bits, 1..WQ_UE_PC_W */
    unsigned    rom_depth;          /* image words (ROM_DEPTH); 0: 2^rom_aw */
    const char *incdir[WQ_UE_ASM_MAX_DIRS];
    unsigned    nincdir;
} wq_ue_asmopt_t;

typedef struct wq_ue_image {
    uint32_t *words;                /* the ROM depth in words, padded with halt */
    unsigned  nwords, used;         /* depth; words the source placed */
    char    **src;                  /* per used word: "file:line: text" (listing) */
} wq_ue_image_t;

/* Assemble a file (or text from memory when src is not NULL; file then
 * names it in messages).  0, or -1 with "file:line: message" in err and
 * nothing in img.  Never crashes on any input. */
int  wq_ue_asm(const char *file, const char *src, size_t len, const wq_ue_asmopt_t *opt,
               wq_ue_image_t *img, char *err, size_t errlen);
void wq_ue_image_free(wq_ue_image_t *img);

#endif
