// wq_alu.v -- the integer ALU of the SIMT lanes (exec_alu.c).
//
// LANES copies of one lane's datapath: ADD ... MAXU, MOV, SEL and the SETP
// compare are combinational from the operand latches of the scheduler;
// MUL / MULHU run a shift-add multiplier in every lane at once, one bit of
// the multiplier per cycle (32 cycles, o_mul_busy), so a lane costs a 32-bit
// adder and 64 flip-flops instead of a 32x32 array.  i_b is operand B as
// the instruction sees it (imm already substituted when BI is set).
//
// SERIAL = 1 (the scheduler's choice when the ALU is narrower than a part,
// where area counts more than cycles): SHL / SHR / SRA are multi-cycle too,
// started like MUL -- the multiplier's low register takes a and shifts it a
// bit a cycle, b[4:0] cycles -- instead of a 32-bit barrel shifter a lane;
// and every operation but SETP is started (i_mul_start) and leaves its
// result in the multiplier's low register (o_res is that register, so the
// result needs no multiplexer): ADD ... MAXU, MOV, SEL the cycle after the
// start, MUL 32 cycles, MULHU 64 (32 more steps adding nothing move the high
// word down), shifts b[4:0] (one lane: SHL (32 - b[4:0]) mod 32, as
// multiplier steps; see the lane's m1 block).  SETP's o_cmp stays combinational; with one
// lane, i_cmp_shift (the ALU idle) shifts it into lo from the top, so lo
// collects a SETP's 32 compare bits in thread order and the scheduler
// keeps no register of its own for them (lo's right shift is there anyway).
//
// DIVU / DIV / REMU / REM run a restoring divider of their own in every lane
// (started like MUL, 33 cycles, o_mul_busy): the start takes the operands'
// magnitudes (signed: negated when negative), 32 steps shift a quotient bit
// in a step (remainder {rem, quo[31]} minus the divisor when that does not
// borrow), and the last cycle puts the result -- quotient or remainder,
// negated back for the signed forms -- out (SERIAL: into lo).  b = 0 needs no
// case of its own: every step subtracts 0, leaving quotient ~0 and remainder
// a; the signed forms keep ~0 (no negation when b = 0), and INT_MIN / -1
// comes out INT_MIN, remainder 0, as RISC-V has it.
`default_nettype none
`include "wq_defs.vh"

module wq_alu #(
    parameter LANES  = 32,
    parameter SERIAL = 0                      // 1: shifts a bit a cycle (see above)
) (
    input  wire                  i_clk,
    input  wire [`WQ_OP_W-1:0]   i_op,
    input  wire [`WQ_F_FN_W-1:0] i_fn,        // SETP compare code
    input  wire [LANES*32-1:0]   i_a,
    input  wire [LANES*32-1:0]   i_b,
    input  wire [LANES-1:0]      i_cond,      // SEL: lane takes ra
    input  wire                  i_mul_start, // latch a, b; 32 cycles follow
                                              // (SERIAL: any operation, see above)
    input  wire                  i_cmp_shift, // SERIAL, one lane: lo <= {o_cmp, lo >> 1}
    output wire                  o_mul_busy,
    output wire [LANES*32-1:0]   o_res,       // rd value per lane
    output wire [LANES-1:0]      o_cmp,       // SETP result per lane
    output wire [LANES-1:0]      o_eq         // a == b per lane (the subtractor's:
                                              // not for ADD, nor while busy)
);
    // SERIAL with one lane: the shifts are multiplier steps that add
    // nothing (see the lane's m1 block), so they need no shifter of their
    // own; with several lanes each lane counts its own shift (sa)
    localparam MSH = (SERIAL != 0) && (LANES == 1);
    reg [6:0] mul_cnt = 7'd0;                 // multiplier steps still to go
    wire [LANES-1:0] sh_busy;                 // SERIAL: lanes still shifting
    wire is_mul = (i_op == `WQ_OP_MUL) || (i_op == `WQ_OP_MULHU);
    wire is_sh  = (i_op == `WQ_OP_SHL) || (i_op == `WQ_OP_SHR) || (i_op == `WQ_OP_SRA);
    wire is_div = (i_op == `WQ_OP_DIVU) || (i_op == `WQ_OP_DIV) ||
                  (i_op == `WQ_OP_REMU) || (i_op == `WQ_OP_REM);
    wire d_sgn  = (i_op == `WQ_OP_DIV) || (i_op == `WQ_OP_REM);
    wire d_rem  = (i_op == `WQ_OP_REMU) || (i_op == `WQ_OP_REM);
    // divider: 32 steps and the result cycle (div_cnt 1: div_fin)
    reg [5:0] div_cnt = 6'd0;
    wire      div_fin = (div_cnt == 6'd1);
    always @(posedge i_clk)
        if (i_mul_start)
            div_cnt <= is_div ? 6'd33 : 6'd0;
        else if (div_cnt != 6'd0)
            div_cnt <= div_cnt - 6'd1;
    assign o_mul_busy = (mul_cnt != 7'd0) || (sh_busy != {LANES{1'b0}}) || (div_cnt != 6'd0);
    wire shl    = (i_op == `WQ_OP_SHL);
    // SERIAL MULHU: 64 steps, the last 32 add nothing (hi shifts into lo)
    wire mhu    = (SERIAL != 0) && (i_op == `WQ_OP_MULHU);
    // (MSH: SHL adds a once, SHR / SRA never; see the lane's m1 block)
    wire m_add  = (MSH && is_sh) ? shl : (!mhu || (mul_cnt > 7'd32));
    wire mstep  = (mul_cnt != 7'd0);          // a multiplier step this cycle
    // the steps an operation takes: MUL 32, SERIAL MULHU 64; MSH shifts
    // b[4:0] (SHR / SRA) or (32 - b[4:0]) mod 32 (SHL); others none
    // (SERIAL == 0 starts only MUL / MULHU)
    // (SHL's negation as (b ^ s) + s: one adder, no multiplexer)
    wire [4:0] sh_n = (i_b[4:0] ^ {5{shl}}) + {4'd0, shl};
    wire [6:0] cnt0 = (SERIAL == 0) ? (is_div ? 7'd0 : 7'd32)
                    : {mhu, is_mul && !mhu, (MSH && is_sh) ? sh_n : 5'd0};

    always @(posedge i_clk)
        if (i_mul_start)
            mul_cnt <= cnt0;
        else if (mul_cnt != 7'd0)
            mul_cnt <= mul_cnt - 7'd1;

    genvar l;
    generate for (l = 0; l < LANES; l = l + 1) begin : lane
        wire [31:0] a = i_a[l*32 +: 32];
        wire [31:0] b = i_b[l*32 +: 32];
        // shift-add: {hi, lo} starts as {0, b}; each step adds a when the
        // low bit is set and shifts the 64-bit pair right
        reg  [31:0] hi, lo;
        reg  [31:0] r;                        // the result (SERIAL: lo's start value)
        reg         c;                        // SETP's compare
        // One adder serves the multiplier's steps (hi + (lo[0] ? a : 0))
        // and, between them, the subtractor below (a + b or a + ~b + 1):
        // nothing reads dif while the multiplier steps (the scheduler waits
        // for o_mul_busy to fall; SERIAL starts nothing then), and the
        // multiplexers in front of one adder cost less than a second adder.
        wire        add = (i_op == `WQ_OP_ADD);
        wire [31:0] ad_x = mstep ? ((lo[0] && m_add) ? a : 32'd0) : a;
        wire [31:0] ad_y = mstep ? hi : (add ? b : ~b);
        wire [32:0] ad_s = {1'b0, ad_x} + {1'b0, ad_y} + {32'd0, !mstep && !add};
        wire [32:0] sum = ad_s;               // (multiplier step)
        // the divider (wq_div): its steps are div_cnt's, 32 of them
        wire [31:0] dres;
        wq_div #(.W(32)) u_div (
            .i_clk(i_clk), .i_start(i_mul_start), .i_step(div_cnt > 6'd1),
            .i_sgn(d_sgn), .i_rem(d_rem), .i_a(a), .i_b(b), .o_res(dres));
        wire [31:0] sh;                       // SHR / SRA (SHL: reversed)
        if (SERIAL == 0) begin : barrel
            always @(posedge i_clk)
                if (i_mul_start) begin
                    hi <= 32'd0;
                    lo <= b;
                end else if (mul_cnt != 7'd0) begin
                    hi <= sum[32:1];
                    lo <= {sum[0], lo[31:1]};
                end
            assign sh_busy[l] = 1'b0;
            wire unused_sh = &{1'b0, is_sh, i_cmp_shift, div_fin};
            // one right shifter serves SHR, SRA (sign fill) and SHL (on the
            // bit-reversed operand, reversed back)
            reg  [31:0] a_rev;
            integer     k;
            always @(*)
                for (k = 0; k < 32; k = k + 1) a_rev[k] = a[31-k];
            wire        fill = (i_op == `WQ_OP_SRA) && a[31];
            /* verilator lint_off UNUSEDSIGNAL */
            wire [63:0] sh_w = {{32{fill}}, shl ? a_rev : a} >> b[4:0];
            /* verilator lint_on UNUSEDSIGNAL */
            assign sh = sh_w[31:0];
        end else if (MSH) begin : m1
            // One lane: a shift is steps of the multiplier ({hi, lo} moves
            // right a bit a cycle), so lo needs no shift path of its own.
            // SHR / SRA: lo starts as r (a), b[4:0] steps add nothing (SRA:
            // a's sign into lo's top instead of hi's bit 0).  SHL by n != 0:
            // lo starts as 1, so the first step adds a -- {hi, lo} is then
            // {a, 0} >> 1 -- and 32 - n steps in all leave {a, 0} >> (32 - n)
            // = a << n in lo (lo[0] is 0 after the first); SHL by 0 is lo = a.
            // Between operations SETP's compare bits shift in from the top
            // (i_cmp_shift).
            wire top = ((i_op == `WQ_OP_SRA) && a[31]) || sum[0];
            wire one = shl && (b[4:0] != 5'd0);
            always @(posedge i_clk)
                if (i_mul_start)
                    hi <= 32'd0;
                else if (mul_cnt != 7'd0)
                    hi <= sum[32:1];
            // (SHL's 1 first: the flip-flops' synchronous set / reset)
            always @(posedge i_clk)
                if (i_mul_start && one)
                    lo <= 32'd1;
                else if (i_mul_start)
                    lo <= r;
                else if (mul_cnt != 7'd0)
                    lo <= {top, lo[31:1]};
                else if (div_fin)
                    lo <= dres;
                else if (i_cmp_shift)
                    lo <= {c, lo[31:1]};
            assign sh_busy[l] = 1'b0;
            assign sh = lo;
        end else begin : serial
            // lo starts as r (a for a shift, b for MUL / MULHU, else the
            // result), then shifts a right (the multiplier's direction; SRA
            // keeps its sign bit) or left, one bit a cycle while sa counts
            // b[4:0] down
            reg  [4:0]  sa = 5'd0;
            wire        fill = (i_op == `WQ_OP_SRA) && lo[31];
            wire unused_cs = &{1'b0, i_cmp_shift};
            always @(posedge i_clk)
                if (i_mul_start) begin
                    hi <= 32'd0;
                    lo <= r;
                    sa <= is_sh ? b[4:0] : 5'd0;
                end else if (mul_cnt != 7'd0) begin
                    hi <= sum[32:1];
                    lo <= {sum[0], lo[31:1]};
                end else if (div_fin) begin
                    lo <= dres;
                end else if (sa != 5'd0) begin
                    lo <= shl ? {lo[30:0], 1'b0} : {fill, lo[31:1]};
                    sa <= sa - 5'd1;
                end
            assign sh_busy[l] = (sa != 5'd0);
            assign sh = lo;
        end

        // One subtractor gives SUB, the unsigned and the signed order; MIN /
        // MAX pick with them (equal operands: either is right).
        // (ADD uses it too: a + b, else a + ~b + 1 = a - b with carry = !borrow;
        // it is the shared adder above, the multiplier idle)
        wire [32:0] dif = ad_s;
        wire        eq  = (dif[31:0] == 32'd0);  // (a - b: SETP never adds)
        wire        ult = !dif[32];
        wire        slt = (a[31] != b[31]) ? a[31] : ult;
        wire        m_u = (i_op == `WQ_OP_MINU) || (i_op == `WQ_OP_MAXU);
        wire        m_x = (i_op == `WQ_OP_MAX) || (i_op == `WQ_OP_MAXU);
        // MOV, SEL, MIN..MAXU: one choice of a or b (MOV: b)
        wire        m_m = (i_op == `WQ_OP_MIN) || (i_op == `WQ_OP_MAX) || m_u;
        // (SERIAL: r is lo's start value -- a for a shift, b for MUL)
        wire        pka = (i_op == `WQ_OP_SEL) ? i_cond[l] : (SERIAL != 0 && is_sh) ||
                          (m_m && ((m_u ? ult : slt) != m_x));
        wire [31:0] mm  = pka ? a : b;
        // AND / OR / XOR: one LUT a bit (a, b and two op bits)
        wire [31:0] lg  = (i_op == `WQ_OP_AND) ? (a & b) : (i_op == `WQ_OP_OR) ? (a | b) : (a ^ b);
        reg  [31:0] sh_rev;
        integer     j;
        always @(*)
            for (j = 0; j < 32; j = j + 1) sh_rev[j] = sh[31-j];
        always @(*) begin
            if (SERIAL != 0)
                case (i_op)     // lo's start value: three sources
                `WQ_OP_ADD, `WQ_OP_SUB: r = dif[31:0];
                `WQ_OP_AND, `WQ_OP_OR, `WQ_OP_XOR: r = lg;
                default:    r = mm;
                endcase
            else
            case (i_op)
            `WQ_OP_ADD, `WQ_OP_SUB: r = dif[31:0];
            `WQ_OP_MUL:   r = lo;
            `WQ_OP_MULHU: r = hi;
            `WQ_OP_AND, `WQ_OP_OR, `WQ_OP_XOR: r = lg;
            `WQ_OP_SHL:   r = (SERIAL != 0) ? sh : sh_rev;
            `WQ_OP_SHR, `WQ_OP_SRA: r = sh;
            `WQ_OP_MOV, `WQ_OP_SEL, `WQ_OP_MIN, `WQ_OP_MAX, `WQ_OP_MINU, `WQ_OP_MAXU: r = mm;
            `WQ_OP_DIVU, `WQ_OP_DIV, `WQ_OP_REMU, `WQ_OP_REM: r = dres;
            default:      r = 32'd0;
            endcase
        end
        assign o_res[l*32 +: 32] = (SERIAL != 0) ? lo : r;

        always @(*) begin
            case (i_fn)
            `WQ_CMP_EQ:  c = eq;
            `WQ_CMP_NE:  c = !eq;
            `WQ_CMP_LT:  c = slt;
            `WQ_CMP_LE:  c = slt || eq;
            `WQ_CMP_GT:  c = !slt && !eq;
            `WQ_CMP_GE:  c = !slt;
            `WQ_CMP_LTU: c = ult;
            `WQ_CMP_LEU: c = ult || eq;
            `WQ_CMP_GTU: c = !ult && !eq;
            `WQ_CMP_GEU: c = !ult;
            default:     c = 1'b0;
            endcase
        end
        assign o_cmp[l] = c;
        assign o_eq[l]  = eq;
    end endgenerate

`ifdef FORMAL
    // Stated for one lane (lane 0) and one operation held from its start to
    // its end.  The scheduler's protocol, assumed: nothing starts while
    // o_mul_busy, and a and the operation stay put until it falls (the
    // multi-cycle steps read them every cycle).
    always @(*) if (o_mul_busy) assume(!i_mul_start);
    reg [31:0]          f_a, f_b;
    reg [`WQ_OP_W-1:0]  f_op;
    always @(posedge i_clk) if (i_mul_start) begin
        f_a <= i_a[31:0]; f_b <= i_b[31:0]; f_op <= i_op;
    end
    wire        f_held = (i_a[31:0] == f_a) && (i_b[31:0] == f_b) && (i_op == f_op);
    always @(*) if (o_mul_busy) assume(i_a[31:0] == f_a && i_op == f_op);
    wire [63:0] f_prod = {32'd0, f_a} * {32'd0, f_b};
    // the multiplier: after its steps from {0, b}, {hi, lo} = a * b; SERIAL
    // MULHU's 32 further steps leave {0, high word}
    always @(posedge i_clk)
        if (!o_mul_busy && !i_mul_start && $past(o_mul_busy) && f_held) begin
            if (f_op == `WQ_OP_MUL || (SERIAL == 0 && f_op == `WQ_OP_MULHU))
                assert({lane[0].hi, lane[0].lo} == f_prod);
            if (SERIAL != 0 && f_op == `WQ_OP_MULHU)
                assert({lane[0].hi, lane[0].lo} == {32'd0, f_prod[63:32]});
        end
    always @(*) assert(mul_cnt <= 7'd64);
    // the divider: wq_div's own jobs check the whole division (every step
    // and the result, at small widths; the formal jobs cut it out of this
    // one, its result a free value); here its contract -- a division
    // started gets exactly 32 steps, its result cycle (div_fin) after them,
    // and nothing steps but after a division's start -- and, with SERIAL,
    // lo taking its result in the cycle after div_fin.  (SERIAL == 0 passes
    // it through r's case: the lockstep runs compare every result.)
    wire        f_dop = (f_op == `WQ_OP_DIVU) || (f_op == `WQ_OP_DIV) ||
                        (f_op == `WQ_OP_REMU) || (f_op == `WQ_OP_REM);
    reg  [6:0]  f_ds = 7'd0;                  // divider steps since the start
    always @(posedge i_clk)
        if (i_mul_start)
            f_ds <= 7'd0;
        else if (div_cnt > 6'd1)
            f_ds <= f_ds + 7'd1;
    always @(*) assert(div_cnt <= 6'd33);
    always @(*) assert(f_ds == (!f_dop ? 7'd0 : (div_cnt == 6'd0) ? 7'd32 : 7'd33 - {1'b0, div_cnt}));
    // the equality the scheduler takes for CAS (the op then is SEL)
    always @(*) if (!o_mul_busy && i_op != `WQ_OP_ADD) assert(o_eq[0] == (i_a[31:0] == i_b[31:0]));
    always @(*) if (SERIAL == 0 || f_op != `WQ_OP_MULHU) assert(mul_cnt <= 7'd32);
    // SERIAL: a shift started on a ends, b[4:0] cycles later, with a
    // shifted in lo (SHL left, SHR with zeros, SRA with the sign); every
    // other operation but MUL / MULHU has its result in lo the cycle after
    // the start (o_res = lo)
    generate if (SERIAL != 0) begin : f_serial
        reg f_past = 1'b0;
        always @(posedge i_clk) f_past <= 1'b1;
        // (the arithmetic shift on its own: inside the ?: below it would
        // be evaluated unsigned, i.e. as a logical shift)
        wire signed [31:0] f_sra = $signed(f_a) >>> f_b[4:0];
        always @(posedge i_clk)
            if (!o_mul_busy && !i_mul_start && $past(o_mul_busy) && is_sh && f_held)
                assert(lane[0].lo == ((f_op == `WQ_OP_SHL) ? (f_a << f_b[4:0]) :
                                      (f_op == `WQ_OP_SRA) ? f_sra : (f_a >> f_b[4:0])));
        always @(posedge i_clk)
            if (f_past && $past(i_mul_start) && !is_mul && !is_sh && f_held)
                assert(o_res[31:0] == $past(lane[0].r));
        // the divider's result cycle: lo takes its result
        always @(posedge i_clk)
            if (f_past && $past(div_fin) && !$past(i_mul_start))
                assert(lane[0].lo == $past(lane[0].dres));
        // one lane: an idle cycle with i_cmp_shift moves the compare bit
        // into lo from the top (SETP's bits, see above)
        always @(posedge i_clk)
            if (LANES == 1 && f_past && $past(i_cmp_shift) && !$past(i_mul_start) &&
                !$past(o_mul_busy))
                assert(lane[0].lo == {$past(o_cmp[0]), $past(lane[0].lo[31:1])});
    end endgenerate
    // one lane: SHL by n != 0 starts {hi, lo} = {0, 1} with 32 - n steps
    // to go; the first adds a, and after k steps {hi, lo} = {a, 0} >> k,
    // so it ends with a << n in lo (the end check above is beyond the BMC
    // depth for most n; this holds at every step)
    generate if (MSH) begin : f_msh
        wire [6:0] f_n = 7'd32 - {2'd0, f_b[4:0]};
        /* verilator lint_off UNUSEDSIGNAL */
        wire [63:0] f_sh = {f_a, 32'd0} >> (f_n - mul_cnt);
        /* verilator lint_on UNUSEDSIGNAL */
        always @(*)
            if (o_mul_busy && f_op == `WQ_OP_SHL) begin
                assert(f_b[4:0] != 5'd0 && mul_cnt <= f_n);
                if (mul_cnt == f_n)
                    assert(lane[0].hi == 32'd0 && lane[0].lo == 32'd1);
                else
                    assert({lane[0].hi, lane[0].lo} == f_sh);
            end
    end endgenerate
    // covers (each reached by scripts/formal.sh within the job's cover
    // depth): a multiply under way and a SEL taking CAS's equality; SERIAL
    // adds a short arithmetic shift of a negative value ending, an
    // ADD's result the cycle after its start and (one lane) a compare bit
    // shifted in; MSH a SHL ending (32 - n multiplier steps).  A MUL
    // ends 33 cycles after its start (c_mul_done: the job's cover depth
    // is 36).
    always @(*) begin
        c_mul_busy: cover(o_mul_busy && f_op == `WQ_OP_MUL && mul_cnt < 7'd30);
        c_cas_eq:   cover(!o_mul_busy && i_op == `WQ_OP_SEL && o_eq[0]);
    end
    always @(posedge i_clk)
        c_mul_done: cover(!o_mul_busy && !i_mul_start && $past(o_mul_busy) && f_held
                          && f_op == `WQ_OP_MUL && f_a[31] && f_b[31]);
    // a signed division by zero of a negative dividend at its result
    // cycle (the 34th after the start)
    always @(posedge i_clk)
        c_div_done: cover(div_fin && !i_mul_start && f_op == `WQ_OP_DIV && f_a[31]
                          && f_ds == 7'd32 && i_b[31:0] == 32'd0 && f_b == 32'd0);
    generate if (SERIAL != 0) begin : f_scover
        reg f_pc = 1'b0;
        always @(posedge i_clk) f_pc <= 1'b1;
        always @(posedge i_clk)
            if (f_pc) begin
                c_sra_done: cover(!o_mul_busy && !i_mul_start && $past(o_mul_busy) && f_held
                                  && f_op == `WQ_OP_SRA && f_a[31] && f_b[4:0] > 5'd2);
                c_add_done: cover($past(i_mul_start) && f_op == `WQ_OP_ADD && f_held);
            end
        if (LANES == 1) begin : f_l1
            always @(posedge i_clk)
                if (f_pc)
                    c_cmp_shift: cover($past(i_cmp_shift) && !$past(i_mul_start)
                                       && !$past(o_mul_busy) && lane[0].lo[31]);
        end
    end endgenerate
    generate if (MSH) begin : f_mcover
        always @(posedge i_clk)
            c_shl_done: cover(!o_mul_busy && !i_mul_start && $past(o_mul_busy) && f_held
                              && f_op == `WQ_OP_SHL);
    end endgenerate
`endif
endmodule
