// wq_subword.vh -- a byte or half-word access on the word-wide memory port
// (exec_mem.c's port_strobe, port_data and sub_load), as functions so that
// every LSU formats its accesses the same way: wq_lsu (wq_sched_ue's) and
// wq_core's LSU include it inside their module.  size is log2 bytes (0
// byte, 1 half-word, 2 word); the access is aligned to its size (the
// schedulers check every selected lane before the first access).
    function [3:0] sw_strobe;            // the byte strobes of the access
        input [1:0] size;
        input [1:0] a;                   // the address's low bits
        sw_strobe = (size == 2'd0) ? (4'b0001 << a) :
                    (size == 2'd1) ? (a[1] ? 4'b1100 : 4'b0011) : 4'hF;
    endfunction
    function [31:0] sw_wdata;            // the register's low bytes on every lane
        input [1:0]  size;
        input [31:0] v;
        sw_wdata = (size == 2'd0) ? {4{v[7:0]}} : (size == 2'd1) ? {2{v[15:0]}} : v;
    endfunction
    /* verilator lint_off UNUSEDSIGNAL */
    function [31:0] sw_load;             // the access's bytes of the read word, extended
        input [1:0]  size;
        input        sext;
        input [1:0]  a;
        input [31:0] word;
        reg   [39:0] pad;
        reg   [15:0] sh;
        reg          top;
        begin
            pad = {8'd0, word};
            sh  = pad[{1'b0, a, 3'b000} +: 16];
            top = (size == 2'd0) ? sh[7] : sh[15];
            sw_load = (size == 2'd0) ? {{24{sext && top}}, sh[7:0]} :
                      (size == 2'd1) ? {{16{sext && top}}, sh[15:0]} : word;
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
