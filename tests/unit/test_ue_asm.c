/* test_ue_asm.c -- the micro-engine assembler and disassembler: the
 * encoding of every form, pseudo-instructions, expressions, includes, each
 * error message with its line, that garbage never crashes it, and that
 * disassembly assembles back to the same word for any word. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "wq/ue.h"

#define PUT(F, v) WQ_UE_PUT(F, (uint32_t)(v))

static wq_ue_asmopt_t opts(unsigned rom_aw)
{
    wq_ue_asmopt_t o;
    memset(&o, 0, sizeof o);
    o.rom_aw = rom_aw;
    return o;
}

static void asm_ok(const char *src, wq_ue_image_t *img)
{
    char err[512];
    wq_ue_asmopt_t o = opts(11);
    int rc = wq_ue_asm("k.ues", src, strlen(src), &o, img, err, sizeof err);
    cr_assert_eq(rc, 0, "unexpected error: %s\nsource:\n%s", err, src);
}

/* the single word src assembles to */
static uint32_t word(const char *src)
{
    wq_ue_image_t img;
    asm_ok(src, &img);
    cr_assert_eq(img.used, 1, "'%s' gave %u words", src, img.used);
    uint32_t w = img.words[0];
    wq_ue_image_free(&img);
    return w;
}

/* word() at ROM_AW 14: any target a word can hold assembles */
static uint32_t word14(const char *src)
{
    wq_ue_image_t img;
    char err[512];
    wq_ue_asmopt_t o = opts(14);
    cr_assert_eq(wq_ue_asm("k.ues", src, strlen(src), &o, &img, err, sizeof err), 0, "%s: %s",
                 src, err);
    uint32_t w = img.words[0];
    wq_ue_image_free(&img);
    return w;
}

static void asm_err(const char *src, const char *want)
{
    wq_ue_image_t img;
    char err[512];
    wq_ue_asmopt_t o = opts(11);
    int rc = wq_ue_asm("k.ues", src, strlen(src), &o, &img, err, sizeof err);
    cr_assert_eq(rc, -1, "no error for:\n%s", src);
    cr_assert(strstr(err, want), "error '%s' does not contain '%s'", err, want);
    cr_assert_null(img.words, "nothing is returned on error");
}

Test(ue_asm, encodings_pinned_to_the_contract)
{
    /* literal words worked out by hand from docs/rtl/wq_ue.md's field table */
    cr_assert_eq(word("add r1, r2, r3"), 0x00081003);
    cr_assert_eq(word("addi r1, r2, -1"), 0x000817FF);
    cr_assert_eq(word("halt 5"), 0xF0000405);
    cr_assert_eq(word("j 7"), 0xB8000007);
    cr_assert_eq(word("li r3, -1"), 0x881FFFFF);
    cr_assert_eq(word("bbs r1, 31, 0x7FF"), 0xD7C00FFF);
    cr_assert_eq(word("nop"), 0);
}

Test(ue_asm, every_form)
{
    cr_assert_eq(word("sub w0, w127, r127"),
                 PUT(OP, WQ_UE_OP_SUB) | PUT(D, 0x80) | PUT(A, 0xFF) | PUT(B, 0x7F));
    cr_assert_eq(word("SLTI r5, r6, 511"),
                 PUT(OP, WQ_UE_OP_SLT) | PUT(D, 5) | PUT(A, 6) | PUT(I, 1) | PUT(K10, 511));
    cr_assert_eq(word("shri r5, r6, -512"),
                 PUT(OP, WQ_UE_OP_SHR) | PUT(D, 5) | PUT(A, 6) | PUT(I, 1) | PUT(K10, -512));
    cr_assert_eq(word("ctz r1, w2"), PUT(OP, WQ_UE_OP_CTZ) | PUT(D, 1) | PUT(A, 0x82));
    cr_assert_eq(word("clrl r1, r2"), PUT(OP, WQ_UE_OP_CLRL) | PUT(D, 1) | PUT(A, 2));
    cr_assert_eq(word("ext r1, r2, 3, 32"), PUT(OP, WQ_UE_OP_EXT) | PUT(D, 1) | PUT(A, 2) |
                                                PUT(I, 1) | PUT(LO, 3) | PUT(WID, 0));
    cr_assert_eq(word("ins r1, r2, 31, 1"), PUT(OP, WQ_UE_OP_INS) | PUT(D, 1) | PUT(A, 2) |
                                                PUT(I, 1) | PUT(LO, 31) | PUT(WID, 1));
    cr_assert_eq(word("li r9, 262143"), PUT(OP, WQ_UE_OP_LI) | PUT(D, 9) | PUT(K19, 262143));
    cr_assert_eq(word("lih r9, 0xFFFF"), PUT(OP, WQ_UE_OP_LIH) | PUT(D, 9) | PUT(LIH, 0xFFFF));
    cr_assert_eq(word("ld r1, [r2]"),
                 PUT(OP, WQ_UE_OP_LD) | PUT(D, 1) | PUT(A, 2) | PUT(I, 1));
    cr_assert_eq(word("ld r1, [r2 + 5]"),
                 PUT(OP, WQ_UE_OP_LD) | PUT(D, 1) | PUT(A, 2) | PUT(I, 1) | PUT(K10, 5));
    cr_assert_eq(word("st r1, [r2 - 5]"),
                 PUT(OP, WQ_UE_OP_ST) | PUT(D, 1) | PUT(A, 2) | PUT(I, 1) | PUT(K10, -5));
    cr_assert_eq(word("ld r1, [0x85]"),
                 PUT(OP, WQ_UE_OP_LD) | PUT(D, 1) | PUT(I, 1) | PUT(K10, 0x85));
    cr_assert_eq(word(".reg lane, r7\n ld r1, [lane + 0x80]"),
                 PUT(OP, WQ_UE_OP_LD) | PUT(D, 1) | PUT(A, 7) | PUT(I, 1) | PUT(K10, 0x80));
    cr_assert_eq(word("in w3, 255"), PUT(OP, WQ_UE_OP_IN) | PUT(D, 0x83) | PUT(I, 1) | 255);
    cr_assert_eq(word("out 7, r4"), PUT(OP, WQ_UE_OP_OUT) | PUT(A, 4) | PUT(I, 1) | 7);
    cr_assert_eq(word("bz r4, 9"), PUT(OP, WQ_UE_OP_BZ) | PUT(A, 4) | PUT(T, 9));
    cr_assert_eq(word("bnz r4, 9"), PUT(OP, WQ_UE_OP_BNZ) | PUT(A, 4) | PUT(T, 9));
    cr_assert_eq(word("bbc r4, 3, 9"),
                 PUT(OP, WQ_UE_OP_BBC) | PUT(BIT, 3) | PUT(A, 4) | PUT(T, 9));
    cr_assert_eq(word("jal r120, 2047"), PUT(OP, WQ_UE_OP_JAL) | PUT(D, 120) | PUT(T, 2047));
    cr_assert_eq(word("jr r120"), PUT(OP, WQ_UE_OP_JR) | PUT(A, 120) | PUT(I, 1));
    cr_assert_eq(word("jr r120, -2"),
                 PUT(OP, WQ_UE_OP_JR) | PUT(A, 120) | PUT(I, 1) | PUT(K10, -2));
    cr_assert_eq(word("wsel r3, 1"), PUT(OP, WQ_UE_OP_WSEL) | PUT(A, 3) | PUT(I, 1) | 1);
    cr_assert_eq(word("halt"), PUT(OP, WQ_UE_OP_HALT) | PUT(I, 1));
    cr_assert_eq(word("mov r1, w2"), PUT(OP, WQ_UE_OP_OR) | PUT(D, 1) | PUT(A, 0x82));
    cr_assert_eq(word(".word 0xFFFFFFFF"), 0xFFFFFFFF);
    cr_assert_eq(word(".word -1"), 0xFFFFFFFF);
}

Test(ue_asm, li32_labels_and_padding)
{
    wq_ue_image_t img;
    asm_ok("; a comment line\n"
           "start:  li32 r1, 0x89ABCDEF   ; two words\n"
           "a: b:   bnz r1, end\n"
           "        jal r2, start\n"
           "end:    halt 3\n"
           "        .word end + (b << 8)\n", &img);
    cr_assert_eq(img.used, 6);
    cr_assert_eq(img.nwords, 2048);
    cr_assert_eq(img.words[0], PUT(OP, WQ_UE_OP_LI) | PUT(D, 1) | PUT(K19, 0xCDEF));
    cr_assert_eq(img.words[1], PUT(OP, WQ_UE_OP_LIH) | PUT(D, 1) | PUT(LIH, 0x89AB));
    cr_assert_eq(img.words[2], PUT(OP, WQ_UE_OP_BNZ) | PUT(A, 1) | PUT(T, 4));
    cr_assert_eq(img.words[3], PUT(OP, WQ_UE_OP_JAL) | PUT(D, 2) | PUT(T, 0));
    cr_assert_eq(img.words[5], 4 + (2 << 8));
    for (unsigned i = 6; i < img.nwords; i++)
        cr_assert_eq(img.words[i], PUT(OP, WQ_UE_OP_HALT) | PUT(I, 1) |
                                       PUT(K10, WQ_UE_PAD_HALT_CODE));
    cr_assert(strstr(img.src[2], "k.ues:3: a: b:"), "listing source: %s", img.src[2]);
    /* li32 runs as the value */
    wq_ue_t *ue = malloc(sizeof *ue);
    wq_ue_cfg_t cfg = WQ_UE_CFG_DEFAULT;
    cr_assert_eq(wq_ue_init(ue, &cfg), 0);
    cr_assert_eq(wq_ue_load(ue, img.words, img.nwords), 0);
    wq_ue_run(ue, NULL, NULL, 100);
    cr_assert_eq(wq_ue_reg(ue, 1), 0x89ABCDEF);
    cr_assert_eq(ue->halt_code, 3);
    free(ue);
    wq_ue_image_free(&img);
}

static int64_t equ(const char *expr)
{
    char src[256];
    snprintf(src, sizeof src, ".equ X, %s\n .word X\n", expr);
    return (int32_t)word(src);
}

Test(ue_asm, expressions)
{
    cr_assert_eq(equ("1 + 2 * 3"), 7);
    cr_assert_eq(equ("(1 + 2) * 3"), 9);
    cr_assert_eq(equ("1 << 4 | 1"), 17);
    cr_assert_eq(equ("1 | 6 & 3"), 3);
    cr_assert_eq(equ("1 ^ 3 | 8"), 10);
    cr_assert_eq(equ("~0 & 0xF"), 15);
    cr_assert_eq(equ("-8 >> 1"), -4);
    cr_assert_eq(equ("0x80 >> 4 + 1"), 4);
    cr_assert_eq(equ("7 / 2"), 3);
    cr_assert_eq(equ("-7 / 2"), -3);
    cr_assert_eq(equ("10 - 2 - 3"), 5);
    cr_assert_eq(equ("2 * 3 + 4 * 5"), 26);
    cr_assert_eq(equ("- -3"), 3);
    cr_assert_eq(equ("0b101 + 0XfF"), 260);
    cr_assert_eq(word(".equ A, 3\n.equ B, A * 2\n addi r1, r0, B - A"),
                 PUT(OP, WQ_UE_OP_ADD) | PUT(D, 1) | PUT(I, 1) | PUT(K10, 3));
}

Test(ue_asm, disassembly_assembles_to_the_same_word)
{
    uint64_t s = 88172645463325252ull;
    for (unsigned i = 0; i < 20000; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        uint32_t w = (uint32_t)s;
        if (i & 1)
            w = wq_ue_canon(w);         /* half canonical: the mnemonic path */
        char text[128];
        wq_ue_disasm(w, text, sizeof text);
        cr_assert_eq(word14(text), w, "%08x -> '%s'", w, text);
        cr_assert_eq(strncmp(text, ".word", 5) == 0,
                     wq_ue_canon(w) != w || WQ_UE_GET(w, OP) == WQ_UE_OP_RSV,
                     "%08x -> '%s'", w, text);
    }
}

Test(ue_asm, canonical_word_executes_the_same)
{
    /* the simulator must ignore exactly what canon() clears */
    uint64_t s = 0x1234567ull;
    wq_ue_t *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    wq_ue_cfg_t cfg = { 6, 2, 6, 0 };
    for (unsigned i = 0; i < 5000; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        uint32_t w = (uint32_t)s;
        cr_assert_eq(wq_ue_init(a, &cfg), 0);
        for (unsigned r = 0; r < 256; r++)
            a->rf[r] = (uint32_t)(s >> (r & 31)) * (r + 1);
        a->wsel = (uint32_t)(s >> 40) & 1;
        a->pc = (uint32_t)(s >> 50) & 63;
        memcpy(b, a, sizeof *a);
        a->rom[a->pc] = w;
        b->rom[b->pc] = wq_ue_canon(w);
        wq_ue_testdev_t ta, tb;
        wq_ue_testdev_init(&ta, i);
        wq_ue_testdev_init(&tb, i);
        wq_ue_rec_t ra, rb;
        cr_assert_eq(wq_ue_step(a, &wq_ue_testdev_io, &ta, &ra), 0);
        cr_assert_eq(wq_ue_step(b, &wq_ue_testdev_io, &tb, &rb), 0);
        rb.word = ra.word;
        cr_assert(!memcmp(&ra, &rb, sizeof ra), "word %08x behaves unlike %08x", w,
                  wq_ue_canon(w));
        cr_assert(!memcmp(a->rf, b->rf, sizeof a->rf) && a->wsel == b->wsel);
    }
    free(a);
    free(b);
}

Test(ue_asm, error_messages_name_the_line)
{
    asm_err("nop\nx: nop\nx: nop\n", "k.ues:3: 'x' redefined (first defined at k.ues:2)");
    asm_err("nop\n j nowhere\n", "k.ues:2: undefined symbol 'nowhere'");
    asm_err(".equ A, B\nB: nop\n", "k.ues:1: undefined symbol 'B' (an .equ may only use");
    asm_err("\n\naddi r1, r2, 512\n", "k.ues:3: immediate 512 out of range (-512..511)");
    asm_err("li r1, 262144\n", "k.ues:1: li value 262144 out of range");
    asm_err("lih r1, -1\n", "k.ues:1: lih value -1 out of range (0..65535)");
    asm_err("li32 r1, 0x100000000\n", "k.ues:1: li32 value");
    asm_err("ld r1, [r2 + 512]\n", "k.ues:1: offset 512 out of range (-512..511)");
    asm_err("ext r1, r2, 32, 1\n", "k.ues:1: bit position 32 out of range (0..31)");
    asm_err("ext r1, r2, 0, 0\n", "k.ues:1: width 0 out of range (1..32)");
    asm_err("in r1, 256\n", "k.ues:1: port 256 out of range (0..255)");
    asm_err("halt 1024\n", "k.ues:1: halt code 1024 out of range (0..1023)");
    asm_err("bbs r1, 32, 0\n", "k.ues:1: bit 32 out of range (0..31)");
    asm_err("j 2048\n", "k.ues:1: branch target 2048 out of range (0..2047)");
    asm_err("nop\nadd r128, r1, r2\n", "k.ues:2: register 'r128' out of range (r0..r127, w0..w127)");
    asm_err("add r1, w128, r2\n", "register 'w128' out of range");
    asm_err("nop\n\n addd r1, r2, r3\n", "k.ues:3: unknown mnemonic 'addd'");
    asm_err("rsv\n", "unknown mnemonic 'rsv'");
    asm_err("ctzi r1, r2, 3\n", "unknown mnemonic 'ctzi'");
    asm_err(".frob 1\n", "k.ues:1: unknown directive '.frob'");
    asm_err("add r1, r2, 5\n", "k.ues:1: expected a register (the immediate form is addi)");
    asm_err("add r1, r2\n", "k.ues:1: expected ',', got 'end of line'");
    asm_err("add r1, r2, r3 r4\n", "k.ues:1: unexpected 'r4' after the operands");
    asm_err("addi r1, r2, foo\n", "undefined symbol 'foo'");
    asm_err("addi r1, r2, r3\n", "register 'r3' where a value is expected");
    asm_err(".equ r3, 1\n", "'r3' is a register name");
    asm_err("w5: nop\n", "'w5' is a register name");
    asm_err(".reg x, 5\n", "expected a register, got '5'");
    asm_err("addi r1, r2, 1 / 0\n", "division by zero");
    asm_err("addi r1, r2, 1 << 64\n", "shift count 64 out of range");
    asm_err("addi r1, r2, 0x\n", "bad number '0x'");
    asm_err("addi r1, r2, 12ab\n", "bad number '12ab'");
    asm_err("addi r1, r2, 99999999999999999999999\n", "number too large");
    asm_err("addi r1, r2, (1 + 2\n", "expected ')', got 'end of line'");
    asm_err("nop\naddi r1, r2, 1\x01\n", "k.ues:2: invalid character (byte 0x01)");
    asm_err("ld r1, [r2 + 1\n", "expected ']'");
    asm_err("  , r1\n", "k.ues:1: expected an instruction, got ','");
    asm_err("x: .include \"f.ues\"\n", ".include must be alone on its line");
    asm_err(".include \"no_such_file.ues\"\n", "k.ues:1: cannot open include file 'no_such_file.ues'");
    asm_err(".include nofile\n", ".include needs a file name in double quotes");
    char deep[400], *p = deep;
    p += sprintf(p, "addi r1, r0, ");
    for (int i = 0; i < 100; i++)
        *p++ = '(';
    strcpy(p, "1\n");
    asm_err(deep, "k.ues:1: expression nested too deeply");
    memset(deep, '-', sizeof deep);
    memcpy(deep, "addi r1, r0, ", 13);
    strcpy(deep + 300, "1\n");
    asm_err(deep, "k.ues:1: expression nested too deeply");
    char *longline = malloc(2000);
    memset(longline, ' ', 2000);
    strcpy(longline + 1990, "nop\n");
    asm_err(longline, "k.ues:1: line longer than 1024 characters");
    free(longline);
}

Test(ue_asm, image_larger_than_the_rom)
{
    wq_ue_image_t img;
    char err[512];
    wq_ue_asmopt_t o = opts(2);
    const char *src = "nop\nnop\nli32 r1, 5\nnop\n";
    cr_assert_eq(wq_ue_asm("k.ues", src, strlen(src), &o, &img, err, sizeof err), -1);
    cr_assert(strstr(err, "k.ues:4: the program does not fit the ROM: 5 words, the ROM holds 4"),
              "%s", err);
    src = "nop\nnop\nli32 r1, 5\n";
    cr_assert_eq(wq_ue_asm("k.ues", src, strlen(src), &o, &img, err, sizeof err), 0, "%s", err);
    cr_assert_eq(img.nwords, 4);
    wq_ue_image_free(&img);
    o.rom_aw = 15;
    cr_assert_eq(wq_ue_asm("k.ues", src, strlen(src), &o, &img, err, sizeof err), -1);
    cr_assert(strstr(err, "ROM_AW must be 1..14"), "%s", err);
    /* ROM_DEPTH: the image has that many words, targets stay below it */
    o.rom_aw = 2;
    o.rom_depth = 5;
    cr_assert_eq(wq_ue_asm("k.ues", src, strlen(src), &o, &img, err, sizeof err), -1);
    cr_assert(strstr(err, "ROM_DEPTH must be 1..2^ROM_AW (4)"), "%s", err);
    o.rom_aw = 12;
    o.rom_depth = 2560;
    src = "x: j y\n.equ y, 2559\n";
    cr_assert_eq(wq_ue_asm("k.ues", src, strlen(src), &o, &img, err, sizeof err), 0, "%s", err);
    cr_assert_eq(img.nwords, 2560);
    cr_assert_eq(img.words[2559], WQ_UE_PAD_WORD);
    cr_assert_eq(img.words[0], PUT(OP, WQ_UE_OP_BZ) | PUT(TB, 1) | PUT(T, 2559 - 2048));
    wq_ue_image_free(&img);
    src = "j 2560\n";
    cr_assert_eq(wq_ue_asm("k.ues", src, strlen(src), &o, &img, err, sizeof err), -1);
    cr_assert(strstr(err, "branch target"), "%s", err);
}

Test(ue_asm, wide_targets)
{
    /* 14-bit targets: B format 13:11 in 21:19, jal 13:11 in 13:11 */
    wq_ue_image_t img;
    char err[512];
    wq_ue_asmopt_t o = opts(14);
    const char *src = "bbc w1, 31, 0x3FFF\njal r9, 0x2ABC\nbz r1, 2047\njal r2, 5\n";
    cr_assert_eq(wq_ue_asm("k.ues", src, strlen(src), &o, &img, err, sizeof err), 0, "%s", err);
    cr_assert_eq(img.words[0], PUT(OP, WQ_UE_OP_BBC) | PUT(BIT, 31) | PUT(A, 0x81) | PUT(TB, 7) |
                                   PUT(T, 0x7FF));
    cr_assert_eq(img.words[1], PUT(OP, WQ_UE_OP_JAL) | PUT(D, 9) | PUT(TJ, 5) | PUT(T, 0x2BC));
    cr_assert_eq(img.words[2], 0xB8000000u | PUT(A, 1) | 2047u, "below 2048: as before");
    cr_assert_eq(img.words[3], PUT(OP, WQ_UE_OP_JAL) | PUT(D, 2) | 5u);
    for (unsigned i = 0; i < 4; i++) {
        char text[128];
        wq_ue_disasm(img.words[i], text, sizeof text);
        cr_assert_eq(word14(text), img.words[i], "%s", text);
    }
    cr_assert_eq(wq_ue_target(img.words[0]), 0x3FFF);
    cr_assert_eq(wq_ue_target(img.words[1]), 0x2ABC);
    wq_ue_image_free(&img);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

Test(ue_asm, includes)
{
    char dir[] = "/tmp/wq_ue_incXXXXXX", p[256], q[256], r[256], inc[256];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(inc, sizeof inc, "%s/lib", dir);
    cr_assert_eq(mkdir(inc, 0700), 0);
    snprintf(p, sizeof p, "%s/main.ues", dir);
    snprintf(q, sizeof q, "%s/defs.ues", dir);
    snprintf(r, sizeof r, "%s/lib/far.ues", dir);
    write_file(p, "  .include \"defs.ues\"  ; beside main\n  addi r1, r0, K\n"
                  "  .include \"far.ues\"\n  halt\n");
    write_file(q, ".equ K, 42\n");
    write_file(r, "  addi r2, r0, K + 1\n  bogus\n");
    wq_ue_asmopt_t o = opts(11);
    wq_ue_image_t img;
    char err[512];
    cr_assert_eq(wq_ue_asm(p, NULL, 0, &o, &img, err, sizeof err), -1, "far.ues not found");
    cr_assert(strstr(err, "main.ues:3: cannot open include file 'far.ues'"), "%s", err);
    o.incdir[o.nincdir++] = inc;
    cr_assert_eq(wq_ue_asm(p, NULL, 0, &o, &img, err, sizeof err), -1);
    cr_assert(strstr(err, "lib/far.ues:2: unknown mnemonic 'bogus'"), "%s", err);
    write_file(r, "  addi r2, r0, K + 1\n");
    cr_assert_eq(wq_ue_asm(p, NULL, 0, &o, &img, err, sizeof err), 0, "%s", err);
    cr_assert_eq(img.used, 3);
    cr_assert_eq(WQ_UE_GET(img.words[0], K10), 42);
    cr_assert_eq(WQ_UE_GET(img.words[1], K10), 43);
    cr_assert(strstr(img.src[1], "lib/far.ues:1:"), "%s", img.src[1]);
    wq_ue_image_free(&img);
    write_file(q, ".include \"defs.ues\"\n");                /* includes itself */
    cr_assert_eq(wq_ue_asm(p, NULL, 0, &o, &img, err, sizeof err), -1);
    cr_assert(strstr(err, "defs.ues:1: .include nested more than 8 deep"), "%s", err);
    snprintf(q, sizeof q, "%s/none.ues", dir);
    cr_assert_eq(wq_ue_asm(q, NULL, 0, &o, &img, err, sizeof err), -1);
    cr_assert(strstr(err, "none.ues: cannot open"), "%s", err);
    unlink(p);
    snprintf(q, sizeof q, "%s/defs.ues", dir);
    unlink(q);
    unlink(r);
    rmdir(inc);
    rmdir(dir);
}

Test(ue_asm, garbage_never_crashes)
{
    static const char *const seeds[] = {
        "add r1, r2, r3", "ld r1, [w2 + 3]", ".equ A, (1 << 3) | ~2", "x: bbs r1, 3, x",
        "li32 r4, 0xFFFFFFFF", ".reg q, w9", "out 3, q", "halt 0x3FF", ".include \"x\"",
    };
    static const char alphabet[] = "adlirwxq0123456789[]+-*/<>|&^~(),:;.\" \t\n\x7f\x80";
    uint64_t s = 99;
    char src[512];
    for (unsigned i = 0; i < 3000; i++) {
        size_t n = 0;
        for (unsigned l = 0; l < 4; l++) {
            s ^= s << 13, s ^= s >> 7, s ^= s << 17;
            const char *t = seeds[s % (sizeof seeds / sizeof seeds[0])];
            for (; *t && n < sizeof src - 2; t++) {
                s ^= s << 13, s ^= s >> 7, s ^= s << 17;
                src[n++] = (s & 7) ? *t : alphabet[(s >> 8) % (sizeof alphabet - 1)];
            }
            src[n++] = '\n';
        }
        wq_ue_image_t img;
        char err[256];
        wq_ue_asmopt_t o = opts((unsigned)(1 + s % 11));
        int rc = wq_ue_asm("k.ues", src, n, &o, &img, err, sizeof err);
        if (rc)
            cr_assert(!strncmp(err, "k.ues:", 6), "message without a place: %s", err);
        else
            wq_ue_image_free(&img);
    }
}

Test(ue_asm, hex_images_read_back)
{
    char path[] = "/tmp/wq_ue_hexXXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    write_file(path, "00000000\n# comment\n  F0000405 ; halt 5\n\n1 2 // two\n");
    uint32_t w[8];
    size_t n;
    char err[256];
    cr_assert_eq(wq_ue_hex_read(path, w, 8, &n, err, sizeof err), 0, "%s", err);
    cr_assert(n == 4 && w[0] == 0 && w[1] == 0xF0000405 && w[2] == 1 && w[3] == 2);
    cr_assert_eq(wq_ue_hex_read(path, w, 3, &n, err, sizeof err), -1);
    cr_assert(strstr(err, ":5: image larger than the ROM (3 words)"), "%s", err);
    write_file(path, "0\n100000000\n");
    cr_assert_eq(wq_ue_hex_read(path, w, 8, &n, err, sizeof err), -1);
    cr_assert(strstr(err, ":2: not a 32-bit hex word"), "%s", err);
    write_file(path, "0\nabcx\n");
    cr_assert_eq(wq_ue_hex_read(path, w, 8, &n, err, sizeof err), -1);
    cr_assert(strstr(err, ":2: not a 32-bit hex word"), "%s", err);
    unlink(path);
    cr_assert_eq(wq_ue_hex_read(path, w, 8, &n, err, sizeof err), -1);
    cr_assert(strstr(err, "cannot open"), "%s", err);
}
