/* uart_proto.c -- the UART bridge's frames on the host side (uart.h):
 * every constant from cmodel/spec/uart.def through defs.h. */
#include <string.h>
#include "wq/defs.h"
#include "wq/uart.h"

uint16_t wq_uart_crc16(uint16_t crc, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        crc ^= (uint16_t)(p[i] << 8);
        for (int b = 0; b < 8; b++)
            crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ WQ_UART_CRC_POLY) : (uint16_t)(crc << 1);
    }
    return crc;
}

size_t wq_uart_frame(uint8_t *out, uint8_t code, uint8_t seq, const uint8_t *pay, uint8_t len)
{
    out[0] = WQ_UART_SYNC;
    out[1] = len;
    out[2] = code;
    out[3] = seq;
    if (len) memcpy(out + 4, pay, len);
    uint16_t crc = wq_uart_crc16(WQ_UART_CRC_INIT, out + 1, 3u + len);
    out[4 + len] = (uint8_t)(crc >> 8);
    out[5 + len] = (uint8_t)crc;
    return (size_t)len + WQ_UART_OVERHEAD;
}

void wq_uart_rx_init(wq_uart_rx_t *r)
{
    memset(r, 0, sizeof *r);
}

enum { P_HUNT, P_LEN, P_CODE, P_SEQ, P_PAY, P_CRC1, P_CRC2 };

void wq_uart_rx_abandon(wq_uart_rx_t *r)
{
    if (r->state != P_HUNT) r->abandoned++;
    r->state = P_HUNT;
}

int wq_uart_rx_byte(wq_uart_rx_t *r, uint8_t b)
{
    switch (r->state) {
    case P_HUNT:
        if (b == WQ_UART_SYNC) { r->state = P_LEN; r->crc = WQ_UART_CRC_INIT; }
        else r->skipped++;
        return WQ_UART_RX_MORE;
    case P_LEN:
        r->crc = wq_uart_crc16(r->crc, &b, 1);
        if (b > WQ_UART_MAX_LEN) { r->state = P_HUNT; return WQ_UART_RX_BAD; }
        r->len = b; r->n = 0; r->state = P_CODE;
        return WQ_UART_RX_MORE;
    case P_CODE:
        r->crc = wq_uart_crc16(r->crc, &b, 1);
        r->code = b; r->state = P_SEQ;
        return WQ_UART_RX_MORE;
    case P_SEQ:
        r->crc = wq_uart_crc16(r->crc, &b, 1);
        r->seq = b; r->state = r->len ? P_PAY : P_CRC1;
        return WQ_UART_RX_MORE;
    case P_PAY:
        r->crc = wq_uart_crc16(r->crc, &b, 1);
        r->pay[r->n++] = b;
        if (r->n == r->len) r->state = P_CRC1;
        return WQ_UART_RX_MORE;
    case P_CRC1:
        r->crchi = b; r->state = P_CRC2;
        return WQ_UART_RX_MORE;
    default:
        r->state = P_HUNT;
        return (uint16_t)((r->crchi << 8) | b) == r->crc ? WQ_UART_RX_FRAME : WQ_UART_RX_BAD;
    }
}

const char *wq_uart_cmd_name(unsigned code)
{
    switch (code) {
#define UARTCMD(n, c) case WQ_UART_CMD_##n: return #n;
#include "../spec/uart.def"
#undef UARTCMD
    default: return "?";
    }
}

const char *wq_uart_st_name(unsigned code)
{
    switch (code) {
#define UARTST(n, c) case WQ_UART_ST_##n: return #n;
#include "../spec/uart.def"
#undef UARTST
    default: return "?";
    }
}
