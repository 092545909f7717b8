/* uart.h -- the UART bridge's framed protocol on the host side
 * (cmodel/spec/uart.def, docs/rtl/wq_uart_bridge.md): the CRC, frame
 * building and a byte-at-a-time frame parser, shared by the driver's uart
 * backend (dev_uart.c) and the benches that stand in for a host. */
#ifndef WQ_UART_H
#define WQ_UART_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* bytes of a frame around its payload: SYNC LEN CODE SEQ ... CRC_HI CRC_LO */
#define WQ_UART_OVERHEAD 6u

/* CRC-16/CCITT (uart.def CRC_POLY, CRC_INIT) of n more bytes */
uint16_t wq_uart_crc16(uint16_t crc, const uint8_t *p, size_t n);

/* one frame into out (room for len + WQ_UART_OVERHEAD bytes); its size */
size_t wq_uart_frame(uint8_t *out, uint8_t code, uint8_t seq, const uint8_t *pay, uint8_t len);

/* the parser: feed bytes; a SYNC starts a frame, anything else between
 * frames is skipped and counted */
typedef struct wq_uart_rx {
    unsigned state;          /* 0 hunt, then LEN CODE SEQ PAY CRC1 CRC2    */
    uint8_t  len, code, seq, crchi;
    uint16_t crc;
    unsigned n;              /* payload bytes so far                        */
    uint8_t  pay[256];
    uint64_t skipped;        /* bytes outside any frame                     */
    uint64_t abandoned;      /* partial frames given up (wq_uart_rx_abandon) */
} wq_uart_rx_t;

enum { WQ_UART_RX_MORE = 0, WQ_UART_RX_FRAME = 1, WQ_UART_RX_BAD = -1 };

void wq_uart_rx_init(wq_uart_rx_t *r);
/* WQ_UART_RX_FRAME: r->code/seq/len/pay hold a frame with a good CRC;
 * WQ_UART_RX_BAD: a frame ended with a bad CRC or an impossible LEN
 * (the parser hunts for the next SYNC); WQ_UART_RX_MORE otherwise */
int wq_uart_rx_byte(wq_uart_rx_t *r, uint8_t b);
/* give up a partial frame (back to hunting for SYNC), as the bridge does
 * after TIMEOUT quiet clocks: without it, a damaged LEN or a garbage SYNC
 * on the way in would swallow the next answers as its payload */
void wq_uart_rx_abandon(wq_uart_rx_t *r);

/* names for messages */
const char *wq_uart_cmd_name(unsigned code);
const char *wq_uart_st_name(unsigned code);

#ifdef __cplusplus
}
#endif
#endif
