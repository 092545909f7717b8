// wq_ibuf.v -- the warp scheduler's instruction buffer: a direct-mapped
// store of 2^LOG2 instruction words (DW bits each: the 64-bit word and
// what its filler keeps beside it, keyed by their byte address) that answers a fetch in one cycle instead of two memory
// accesses.
//
// It is only as old as the scheduler's current hold of the event lock
// (docs/rtl/commit.md): the scheduler flushes it (i_flush) whenever it does
// not hold the lock and on every memory write it makes itself, so while an
// entry is valid no other writer (host interface, CSR port, the host's own
// memory accesses at safe points) can have touched memory and no write of
// the scheduler has happened since the word was read.  A hit therefore
// returns what memory holds, and the model -- which fetches from memory on
// every step -- sees the same instruction.
//
// Lookup: i_addr (the word's exact byte address) in a cycle, o_hit / o_data
// the next.  The words are a block RAM (a synchronous read); the tags are
// LUT RAM beside the valid bits, read and compared in the lookup's cycle,
// so o_hit is a flip-flop (r_hit) and the miss it decides (a fetch run, the
// scoreboard's clear) starts at a register rather than behind a tag
// compare at the block RAM's output.  Fill: i_fill with i_faddr / i_fdata,
// a word the scheduler just read from memory.  A fill and a lookup of the
// same entry in one cycle: the lookup sees the old entry.
`default_nettype none

module wq_ibuf #(
    parameter LOG2 = 4,                     // entries = 2^LOG2
    parameter DW   = 64                     // bits an entry holds
) (
    input  wire        i_clk,
    input  wire        i_reset,
    input  wire        i_flush,             // every entry invalid from the next cycle
    // lookup: the answer the cycle after
    input  wire [31:0] i_addr,              // byte address of the word
    output wire        o_hit,
    output wire [DW-1:0] o_data,
    // fill
    input  wire        i_fill,
    input  wire [31:0] i_faddr,
    input  wire [DW-1:0] i_fdata
);
    localparam N  = 1 << LOG2;
    // tag: the address bits outside the index (with bits 2..0, so a code
    // base that is not 8-aligned cannot alias two words)
    localparam TW = 32 - LOG2;

    /* verilator lint_off UNUSEDSIGNAL */
    function [TW-1:0] tag_of;              // (the index bits are not in it)
        input [31:0] a;
        tag_of = {a[31:3+LOG2], a[2:0]};
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    wire [LOG2-1:0] l_idx = i_addr[3 +: LOG2];
    wire [LOG2-1:0] f_idx = i_faddr[3 +: LOG2];

    // valid bits in flip-flops (a flush clears them all at once)
    reg [N-1:0] valid;
    initial valid = {N{1'b0}};
    always @(posedge i_clk)
        if (i_reset || i_flush) valid <= {N{1'b0}};
        else if (i_fill) valid[f_idx] <= 1'b1;

    // tags: LUT RAM, read as the lookup comes (an asynchronous read: the
    // entry before a fill of the same cycle)
    reg [TW-1:0] tags [0:N-1];
    always @(posedge i_clk)
        if (i_fill) tags[f_idx] <= tag_of(i_faddr);
    // words: one block RAM, synchronous read
    reg [DW-1:0] mem [0:N-1];
    always @(posedge i_clk)
        if (i_fill) mem[f_idx] <= i_fdata;
    reg [DW-1:0] rd;
    always @(posedge i_clk) rd <= mem[l_idx];

    // the looked-up entry's hit, decided beside the read
    reg          r_hit;
    initial r_hit = 1'b0;
    always @(posedge i_clk)
        if (i_reset || i_flush) r_hit <= 1'b0;
        else r_hit <= valid[l_idx] && tags[l_idx] == tag_of(i_addr);

    assign o_hit  = r_hit;
    assign o_data = rd;

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job ibuf): BMC + induction
    // + covers.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);

    // one tracked address: what was last filled there since the last flush
    // (f_ok), evicted by a fill of another address with the same index
    (* anyconst *) reg [31:0] f_addr;
    reg        f_ok;
    reg [DW-1:0] f_word;
    initial f_ok = 1'b0;
    wire f_same_idx = i_faddr[3 +: LOG2] == f_addr[3 +: LOG2];
    always @(posedge i_clk)
        if (i_reset || i_flush) f_ok <= 1'b0;
        else if (i_fill && f_same_idx) begin
            f_ok   <= i_faddr == f_addr;
            f_word <= i_fdata;
        end
    // the entry of f_addr's index holds the tracked word while f_ok
    wire [LOG2-1:0] fi = f_addr[3 +: LOG2];
    always @(*)
        if (f_past && f_ok) begin
            assert(valid[fi] && tags[fi] == tag_of(f_addr));
            assert(mem[fi] == f_word);
        end
    // a lookup of f_addr: a hit only while the tracked word is there, and
    // then with that word
    reg f_look, f_look_ok, f_look_valid;
    reg [DW-1:0] f_look_word;
    initial f_look = 1'b0;
    always @(posedge i_clk) begin
        f_look      <= !i_reset && !i_flush && i_addr == f_addr;
        f_look_ok   <= f_ok;            // (the entry before a fill this cycle)
        f_look_word <= f_word;
        f_look_valid <= valid[fi];      // (the entry held a word: another's)
    end
    always @(*)
        if (f_past && f_look) begin
            if (o_hit) assert(f_look_ok && o_data == f_look_word);
        end
    // a lookup after a flush misses
    reg f_flushed;
    initial f_flushed = 1'b1;
    always @(posedge i_clk) f_flushed <= i_flush || i_reset;
    always @(*) if (f_flushed) assert(!r_hit);
    // induction: a valid entry that holds f_addr's tag is the tracked word,
    // and the registered lookup matches the entry it read
    always @(*) if (f_past) begin
        if (valid[fi] && tags[fi] == tag_of(f_addr)) assert(f_ok);
        if (f_look && r_hit) assert(f_look_ok);
        if (f_look && f_look_ok) assert(r_hit && rd == f_look_word);
    end

    // covers: a hit with the tracked word; a miss of f_addr while its
    // entry holds another word
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            c_hit:   cover(f_look && o_hit && o_data == f_look_word);
            c_evict: cover(f_look && !o_hit && f_look_valid);
        end
`endif
endmodule
