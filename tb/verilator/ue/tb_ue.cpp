// tb_ue.cpp -- Verilator bench of rtl/wq_ue.v (the micro-engine) against
// its instruction-set simulator (cmodel/ue/ue_sim.c, docs/rtl/wq_ue.md).
//
// Per seed: wq_ue_gen() writes a random terminating program that uses every
// opcode; the bench loads it into the RTL's ROM through i_rom_we while
// i_reset is held (or, with --rom FILE, the RTL was built with ROM_FILE and
// read it with $readmemh: the bench loads the same file into the
// simulator), releases reset and runs the RTL and the simulator in
// lockstep.  At every o_retire the simulator steps one instruction and:
//   * o_retire_pc must be the simulator's pc;
//   * o_rf_we / o_rf_waddr / o_rf_wdata must be the simulator's register
//     write (none for r0; physical address); a write outside a retire fails;
//   * an I/O access completing in this cycle (o_io_rd / o_io_wr with
//     i_io_wait low) must be the simulator's (kind, port, value): i_io_rdata
//     comes from the SAME test-device function (wq_ue_testdev_value) the
//     simulator's in() uses, and is junk whenever no `in` completes;
//   * i_io_wait is random (a second seed): while it holds nothing retires.
// At halt: o_halt, o_halt_code and the instruction count must agree, and
// nothing may retire afterwards.  Then a second program (another seed of
// the generator) is written through i_rom_we under reset and run the same
// way: the register RAM keeps its contents across reset on both sides.
// Fails on a coverage hole: an opcode that never retired, no I/O stall, no
// taken and no untaken branch.  First mismatch: seed, cycle, instruction
// number, pc, both values and the last 16 retired instructions
// disassembled; exit 1.
//
// ROMs of more than 2 048 words: ue_rom_corners counts instructions retired
// at PC >= 2048, control transfers across word 2048 (either way), and halts
// on the padding read past ROM_DEPTH; scripts/rtl/ue.sh requires them
// non-zero for such a parameter set.
//
// usage: tb_ue [--seed N] [--cfg ROM_AW,PAGES,WIN_LOG2[,ROM_DEPTH]] [--rom FILE.hex]
//              [--wait-pct P] [--wave FILE.fst] [-v]
// --cfg must name the parameters the model was built with (default
// 11,2,6; scripts/rtl/ue.sh passes the values it gave Verilator).  They
// are run-time arguments, not -D defines, so the bench's object file is
// the same for every build (make found a stale tb_ue.o of another build
// through Verilator's VPATH once, compiled with other defines).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include "wq/ue.h"
}

#include "Vwq_ue.h"
#include "tb_harness.h"
#include "tb_rng.h"

namespace {
unsigned DEPTH = 2048;                 // ROM_DEPTH, from --cfg
unsigned PC_N = 2048;                  // 2^ROM_AW: the PC wraps there
const uint32_t HIGH = 2048;            // first PC with target bits above 10

struct Bench : tb::Harness<Vwq_ue> {
    Rng rng;                           // i_io_wait and junk: the second seed
    unsigned wait_pct = 30;
    wq_ue_t sim;
    wq_ue_testdev_t td;
    uint64_t rtl_nin = 0;              // `in`s the RTL completed (the device's count)
    uint64_t rtl_retired = 0;          // o_retire pulses since the last reset
    // figures and coverage
    uint64_t n_insn = 0, n_cycles = 0, n_stall = 0, n_writes = 0, n_io = 0;
    uint64_t op_seen[32] = {}, br_taken = 0, br_not = 0;
    // operand corners, from the simulator's registers before each step
    // (summed over seeds by scripts/rtl/ue.sh, which fails on a zero)
    enum { C_CTZ0, C_CTZ, C_CLRL0, C_SH0, C_SRANEG, C_W0, C_EXTOVER, C_INSOVER,
           C_ADDRWRAP, C_PAGE1, C_SLTSIGN, C_R0, C_RSV, C_N };
    uint64_t corner[C_N] = {};
    enum { R_HIGH, R_CROSS, R_PAD, R_N };
    uint64_t rom_corner[R_N] = {};
    int run_no = 0;

    Bench(uint64_t s, const char *wave, const wq_ue_cfg_t &cfg)
        : Harness("ue_tb", s), rng(s ^ 0xA5A5F00DCAFEull) {
        trace_label = "last retired instructions";
        top->i_clk = 0;                // inputs start random (randReset)
        top->i_rom_we = 0;
        top->eval();
        open_wave(wave);
        if (wq_ue_init(&sim, &cfg) != WQ_UE_OK) {
            fprintf(stderr, "ue_tb: bad configuration\n");
            exit(2);
        }
        wq_ue_testdev_init(&td, s);
    }

    std::string where() const override {
        char b[96];
        snprintf(b, sizeof b, " run=%d instruction#%" PRIu64 " pc=%u", run_no, sim.count,
                 (unsigned)top->o_retire_pc);
        return b;
    }

    void tick() { tick_rise_first(); }   // inputs are set while the clock is low

    // reset held while the ROM is written (words, then zeros like the
    // simulator's wq_ue_load), or just reset when the ROM came from a file
    void load_and_reset(const uint32_t *w, unsigned n, bool write) {
        top->i_reset = 1;
        top->i_io_wait = 0;
        top->i_io_rdata = 0;
        top->i_rom_we = 0;
        if (write) {
            for (unsigned a = 0; a < DEPTH; a++) {
                top->i_rom_we = 1;
                top->i_rom_waddr = a;
                top->i_rom_wdata = a < n ? w[a] : 0;
                tick();
            }
            top->i_rom_we = 0;
        }
        tick();
        tick();
        top->i_reset = 0;
        wq_ue_reset(&sim);
        rtl_retired = 0;
    }

    std::string dis(uint32_t pc, uint32_t word) {
        char b[96], l[160];
        wq_ue_disasm(word, b, sizeof b);
        snprintf(l, sizeof l, "#%-6" PRIu64 " pc %4u  %08x  %s", sim.count, pc, word, b);
        return l;
    }

    // one engine run from reset to halt, in lockstep with the simulator
    void run(uint64_t max_cycles) {
        run_no++;
        uint64_t c0 = cycle, i0 = sim.count;
        for (;;) {
            if (cycle - c0 > max_cycles) fail("no halt within the cycle limit");
            // inputs for this cycle (outputs that drive them are registered)
            bool io = top->o_io_rd || top->o_io_wr;
            top->i_io_wait = io && rng.chance(wait_pct) ? 1 : 0;
            top->i_io_rdata = (uint32_t)rng.next();
            if (top->o_io_rd && !top->i_io_wait)
                top->i_io_rdata = wq_ue_testdev_value(td.seed, top->o_io_port, rtl_nin);
            top->eval();
            if (io && top->i_io_wait) {
                n_stall++;
                if (top->o_retire) fail("retire while i_io_wait holds the access");
            }
            if (top->o_rf_we && !top->o_retire) fail("register write without a retire");
            if (sim.halted && !top->o_halt) fail("the simulator halted, the RTL did not");
            if (top->o_halt) {
                char b[96];
                if (sim.halted != 1) fail("o_halt but the simulator runs on");
                if (top->o_halt_code != sim.halt_code) {
                    snprintf(b, sizeof b, "halt code: simulator %03x, RTL %03x",
                             sim.halt_code, (unsigned)top->o_halt_code);
                    fail(b);
                }
                if (rtl_retired != sim.count) {
                    snprintf(b, sizeof b, "instruction count: simulator %" PRIu64 ", RTL %" PRIu64,
                             sim.count, rtl_retired);
                    fail(b);
                }
                n_insn += sim.count - i0;
                n_cycles += cycle - c0;
                // halted: nothing retires, writes or strobes
                for (int k = 0; k < 8; k++) {
                    tick();
                    top->eval();
                    if (!top->o_halt || top->o_retire || top->o_rf_we || top->o_io_rd ||
                        top->o_io_wr)
                        fail("activity after halt");
                }
                return;
            }
            if (top->o_retire) retire();
            tick();
        }
    }

    void retire() {
        char b[200];
        wq_ue_rec_t rec;
        rtl_retired++;
        bool io_done = (top->o_io_rd || top->o_io_wr) && !top->i_io_wait;
        uint32_t rdata = top->i_io_rdata;
        if (sim.halted) fail("RTL retires after the simulator halted");
        corners();
        if (wq_ue_step(&sim, &wq_ue_testdev_io, &td, &rec) != WQ_UE_OK)
            fail("simulator step failed");
        note(dis(rec.pc, rec.word));
        unsigned op = WQ_UE_GET(rec.word, OP);
        op_seen[op]++;
        if (op >= WQ_UE_OP_BZ && op <= WQ_UE_OP_BBS)
            (rec.next_pc != ((rec.pc + 1) & (PC_N - 1)) ? br_taken : br_not)++;
        if (rec.pc >= HIGH) rom_corner[R_HIGH]++;
        if ((wq_ue_ops[op].flags & WQ_UE_FL_BR) && (rec.pc >= HIGH) != (rec.next_pc >= HIGH))
            rom_corner[R_CROSS]++;
        if (rec.pc >= DEPTH && rec.halted) rom_corner[R_PAD]++;
        if (top->o_retire_pc != rec.pc) {
            snprintf(b, sizeof b, "retire pc: simulator %u, RTL %u", rec.pc,
                     (unsigned)top->o_retire_pc);
            fail(b);
        }
        if ((bool)top->o_rf_we != (bool)rec.we || (rec.we && (top->o_rf_waddr != rec.waddr ||
                                                             top->o_rf_wdata != rec.wdata))) {
            snprintf(b, sizeof b,
                     "register write: simulator %s [%03x] = %08x, RTL %s [%03x] = %08x",
                     rec.we ? "we" : "none", rec.waddr, rec.wdata, top->o_rf_we ? "we" : "none",
                     (unsigned)top->o_rf_waddr, (unsigned)top->o_rf_wdata);
            fail(b);
        }
        n_writes += rec.we ? 1 : 0;
        int rio = !io_done ? WQ_UE_IO_NONE : top->o_io_rd ? WQ_UE_IO_IN : WQ_UE_IO_OUT;
        uint32_t rval = top->o_io_rd ? rdata : top->o_io_wdata;
        if (rio != rec.io ||
            (rio != WQ_UE_IO_NONE && (top->o_io_port != rec.port || rval != rec.io_data))) {
            snprintf(b, sizeof b,
                     "I/O: simulator kind %d port %02x value %08x, RTL kind %d port %02x value %08x",
                     rec.io, rec.port, rec.io_data, rio, (unsigned)top->o_io_port, rval);
            fail(b);
        }
        if (rio == WQ_UE_IO_IN) rtl_nin++;
        n_io += rio != WQ_UE_IO_NONE;
    }

    void corners() {
        uint32_t pc = sim.pc & (PC_N - 1);
        uint32_t w = pc < DEPTH ? sim.rom[pc] : WQ_UE_PAD_WORD;
        unsigned op = WQ_UE_GET(w, OP), lo = WQ_UE_GET(w, LO), wd = WQ_UE_GET(w, WID);
        uint32_t a = wq_ue_reg(&sim, WQ_UE_GET(w, A));
        uint32_t k = WQ_UE_GET(w, K10), b = WQ_UE_GET(w, I) ? k : wq_ue_reg(&sim, WQ_UE_GET(w, B));
        uint32_t ks = (k ^ 0x200u) - 0x200u;
        unsigned fl = wq_ue_ops[op].flags;
        if (op == WQ_UE_OP_CTZ) corner[a ? C_CTZ : C_CTZ0]++;
        if (op == WQ_UE_OP_CLRL && !a) corner[C_CLRL0]++;
        if ((op == WQ_UE_OP_SHL || op == WQ_UE_OP_SHR || op == WQ_UE_OP_SRA) && !(b & 31u))
            corner[C_SH0]++;
        if (op == WQ_UE_OP_SRA && (a >> 31) && (b & 31u)) corner[C_SRANEG]++;
        if ((op == WQ_UE_OP_EXT || op == WQ_UE_OP_INS) && !wd) corner[C_W0]++;
        if ((op == WQ_UE_OP_EXT || op == WQ_UE_OP_INS) && wd && lo + wd > 32)
            corner[op == WQ_UE_OP_EXT ? C_EXTOVER : C_INSOVER]++;
        if ((op == WQ_UE_OP_LD || op == WQ_UE_OP_ST) && ((a + ks) & ~0xFFu)) corner[C_ADDRWRAP]++;
        if (sim.wsel && (((fl & WQ_UE_FL_WD) && (WQ_UE_GET(w, D) & 0x80u)) ||
                         (WQ_UE_GET(w, A) & 0x80u)))
            corner[C_PAGE1]++;
        if (op == WQ_UE_OP_SLT && ((a ^ b) >> 31)) corner[C_SLTSIGN]++;
        if ((fl & WQ_UE_FL_WD) && WQ_UE_GET(w, D) == 0) corner[C_R0]++;
        if (op == WQ_UE_OP_RSV) corner[C_RSV]++;
    }

    void coverage() {
        char b[96];
        for (unsigned op = 0; op < WQ_UE_OP_HALT; op++)
            if (!op_seen[op]) {
                snprintf(b, sizeof b, "coverage: opcode %u (%s) never retired", op,
                         wq_ue_ops[op].name);
                fail(b);
            }
        if (!n_stall) fail("coverage: no I/O wait stall");
        if (!br_taken || !br_not) fail("coverage: branches not both taken and untaken");
    }
};

}  // namespace

int main(int argc, char **argv)
{
    const char *rom = nullptr;
    uint64_t wait_pct = 30;
    wq_ue_cfg_t cfg = WQ_UE_CFG_DEFAULT;
    tb::Args args;
    args.parse(argc, argv, {{"--wait-pct", &wait_pct, "P"}},
               "[--cfg ROM_AW,PAGES,WIN_LOG2[,ROM_DEPTH]] [--rom FILE.hex]",
               [&](const std::string &a, int &i, int n, char **v) {
                   if (a == "--rom" && i + 1 < n) { rom = v[++i]; return true; }
                   if (a == "--cfg" && i + 1 < n &&
                       sscanf(v[i + 1], "%u,%u,%u,%u", &cfg.rom_aw, &cfg.pages,
                              &cfg.win_log2, &cfg.rom_depth) >= 3) { i++; return true; }
                   return false;
               });
    uint64_t seed = args.seed;
    if (cfg.rom_aw < 1 || cfg.rom_aw > WQ_UE_PC_W || cfg.rom_depth > (1u << cfg.rom_aw)) {
        fprintf(stderr, "ue_tb: bad --cfg\n");
        return 2;
    }
    PC_N = 1u << cfg.rom_aw;
    DEPTH = wq_ue_depth(&cfg);
    Bench b(seed, args.wave, cfg);
    b.verbose = args.verbose;
    b.rerun = args.rerun;
    b.wait_pct = (unsigned)wait_pct;
    std::vector<uint32_t> w(DEPTH);
    unsigned n = 0;
    wq_ue_genopt_t opt = {seed, DEPTH, cfg.pages, cfg.win_log2};
    if (rom) {
        // the RTL read this file itself ($readmemh at time 0)
        std::vector<uint32_t> f(DEPTH);
        size_t nf = 0;
        char err[256];
        if (wq_ue_hex_read(rom, f.data(), DEPTH, &nf, err, sizeof err) != 0) {
            fprintf(stderr, "ue_tb: %s\n", err);
            return 2;
        }
        if (wq_ue_load(&b.sim, f.data(), nf) != WQ_UE_OK) return 2;
        b.load_and_reset(nullptr, 0, false);
    } else {
        if (wq_ue_gen(&opt, w.data(), &n, nullptr) != 0) {
            fprintf(stderr, "ue_tb: wq_ue_gen failed\n");
            return 2;
        }
        if (wq_ue_load(&b.sim, w.data(), n) != WQ_UE_OK) return 2;
        b.load_and_reset(w.data(), n, true);
    }
    b.run(2000000);
    // a second program through i_rom_we; the register RAM is kept
    opt.seed = seed ^ 0x5DEECE66Dull;
    if (wq_ue_gen(&opt, w.data(), &n, nullptr) != 0 || wq_ue_load(&b.sim, w.data(), n) != 0)
        return 2;
    b.load_and_reset(w.data(), n, true);
    b.run(2000000);
    b.coverage();
    printf("ue seed %" PRIu64 ": %" PRIu64 " instructions, %" PRIu64 " cycles, %" PRIu64
           " writes, %" PRIu64 " I/O, %" PRIu64 " stall cycles\n",
           seed, b.n_insn, b.n_cycles, b.n_writes, b.n_io, b.n_stall);
    printf("ue_stats: %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", b.n_insn, b.n_cycles, b.n_stall);
    static const char *const cn[] = {"ctz_of_0", "ctz", "clrl_of_0", "shift_by_0",
                                     "sra_negative", "ext_ins_w0", "ext_past_31",
                                     "ins_past_31", "ld_st_address_wrap", "window_page_1",
                                     "slt_signs_differ", "write_r0", "opcode_31"};
    printf("ue_corners:");
    for (unsigned c = 0; c < Bench::C_N; c++) printf(" %s=%" PRIu64, cn[c], b.corner[c]);
    printf("\n");
    printf("ue_rom_corners: code_above_2048=%" PRIu64 " cross_2048=%" PRIu64
           " halt_past_depth=%" PRIu64 "\n",
           b.rom_corner[Bench::R_HIGH], b.rom_corner[Bench::R_CROSS], b.rom_corner[Bench::R_PAD]);
    return b.finish("ue", 0);
}
