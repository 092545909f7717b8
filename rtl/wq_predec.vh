// wq_predec.vh -- the predecoded fields of an instruction word: what the
// core's fetch (wq_fetch) decodes (wq_decode) as it fills the instruction
// buffer and keeps beside the word, and DE (wq_de_stage) reads from its
// registers instead of decoding (docs/rtl/wq_fetch.md, wq_de_stage.md).
// Packed {legal, flags, words, msize, msext, amask, maxreg}; needs
// wq_defs.vh.
`ifndef WQ_PREDEC_VH
`define WQ_PREDEC_VH
`define WQ_PD_W          (17 + `WQ_IF_W)
`define WQ_PD_MAXREG     5:0
`define WQ_PD_AMASK      9:6
`define WQ_PD_MSEXT      10
`define WQ_PD_MSIZE      12:11
`define WQ_PD_WORDS      15:13
`define WQ_PD_FLAGS      (15 + `WQ_IF_W):16
`define WQ_PD_LEGAL      (16 + `WQ_IF_W)
`endif
