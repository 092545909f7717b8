// wq_host_hpre.vh -- the predecoded fields of a pushbuffer word read ahead:
// what the host interface's read-ahead FIFO (wq_host_fifo) decodes
// (wq_host_hpre) as it stores a word and keeps beside it, and the segment
// walk (wq_host_hdr) and the one-cycle step (wq_host_fast) read at the
// FIFO's head instead of decoding the word there
// (docs/rtl/wq_host_hpre.md).  Each field is the word read as a method
// header; a data word's fields are read by nobody.  Needs wq_defs.vh.
`ifndef WQ_HOST_HPRE_VH
`define WQ_HOST_HPRE_VH
`define WQ_HP_W          18
`define WQ_HP_NOP        0	// the word is 0 (a NOP word)
`define WQ_HP_RSVD       1	// a reserved bit set
`define WQ_HP_BURST      2	// SEC_OP INC, NONINC or ONE_INC
`define WQ_HP_IMMD       3	// SEC_OP IMMD
`define WQ_HP_END        4	// SEC_OP END_SEG
`define WQ_HP_CNT0       5	// COUNT is 0
// the header's method (ADDRESS << 2, as wq_host_method decodes it):
`define WQ_HP_PL0        6	// plain (a one-cycle step) with the engine busy
`define WQ_HP_PL1        7	// plain with the engine idle
`define WQ_HP_IRQ        8	// NON_STALL_INTERRUPT
`define WQ_HP_RAMA       9	// writes a channel register whatever the engine
`define WQ_HP_REF        10	// SET_REFERENCE (writes F_REF with the engine idle)
`define WQ_HP_F          14:11	// the channel RAM field written
`define WQ_HP_EARLY      15	// SEM_EXECUTE (counted in H_PMW)
`define WQ_HP_LAUNCH     16	// LAUNCH (a bit position; spec_check: ok)
`define WQ_HP_CNT1       17	// COUNT is 1 (a burst of one word)
// the FIFO's head: the word's fields and its place in the segment, which
// the FIFO decides as it stores the word (wq_host_fifo: the segment's
// words from the word on are the walk's words left when it takes it)
// reading a method's fields with the engine's state (idle: 1), which
// they leave to their user: plain; the channel register write
`define WQ_HP_PLAIN(k, idle)	((idle) ? k[`WQ_HP_PL1] : k[`WQ_HP_PL0])
`define WQ_HP_RAM(k, idle)	(k[`WQ_HP_RAMA] || (k[`WQ_HP_REF] && (idle)))
`define WQ_HQ_W          20
`define WQ_HQ_LAST       18	// the segment's last word
`define WQ_HQ_TRUNC      19	// read as a header: a count at or past its words left (TRUNCATED)
`endif
