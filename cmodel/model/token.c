/* token.c -- token formatting (packing is inline in token.h). */
#include <stdio.h>
#include "wq/token.h"

char *wq_token_format(wq_token_t t, char *buf, unsigned len)
{
    snprintf(buf, len, "%s mask=%08x addr=%u pres=%02x",
             wq_toktype_name(wq_token_type(t)), wq_token_mask(t),
             wq_token_addr(t), wq_token_presence(t));
    return buf;
}
