/* binary.h -- the program binary (CL_PROGRAM_BINARIES,
 * clCreateProgramWithBinary): a built program's code and kernel table as
 * text, so a binary can be read, diffed and checked (docs/runtime.md). */
#ifndef WQ_CL_BINARY_H
#define WQ_CL_BINARY_H
#include "cl_int.h"

/* the text of img (malloc'd, *len bytes, no NUL counted); NULL: no memory */
char *wq_cl_binary_write(const wq_cl_image_t *img, size_t *len);
/* parse and check a binary; 0, or -1 with why */
int   wq_cl_binary_parse(const unsigned char *b, size_t len, wq_cl_image_t *img, char *why,
                         size_t whylen);

#endif
