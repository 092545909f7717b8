/* encode.h -- building host-side words from their fields (spec/gp.def,
 * method.def, sem.def): what a driver writes into GPFIFOs and pushbuffers.
 * One builder per word, shared by the loader, the benches and the tests. */
#ifndef WQ_ENCODE_H
#define WQ_ENCODE_H
#include <stdint.h>
#include "sem.h"

/* method header; method_off is the byte offset (ADDRESS = off >> 2) */
uint32_t wq_mh_encode(unsigned secop, unsigned subch, uint32_t method_off,
                      uint32_t count);
/* SEM_EXECUTE data word; the inverse of wq_sem_decode */
uint32_t wq_sem_encode(const wq_sem_exec_t *s);
/* GP entry words: 0 = segment address, 1 = LENGTH / SYNC / control opcode */
uint32_t wq_gp_word0(uint32_t seg_addr);
uint32_t wq_gp_word1(uint32_t len, int sync, unsigned ctlop);

#endif
