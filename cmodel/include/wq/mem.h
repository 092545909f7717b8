/* mem.h -- sparse little-endian memory over the whole 32-bit space.
 * Unwritten bytes read as zero.  Pages are 4 KiB, allocated on first write. */
#ifndef WQ_MEM_H
#define WQ_MEM_H
#include <stddef.h>
#include <stdint.h>

typedef struct wq_mem wq_mem_t;

wq_mem_t *wq_mem_new(void);
void      wq_mem_free(wq_mem_t *m);
void      wq_mem_clear(wq_mem_t *m);
/* aligned word access (addr & 3 ignored for speed; callers check alignment) */
uint32_t  wq_mem_read32(const wq_mem_t *m, uint32_t addr);
void      wq_mem_write32(wq_mem_t *m, uint32_t addr, uint32_t v);
uint64_t  wq_mem_read64(const wq_mem_t *m, uint32_t addr);
/* wq_read32_fn (asm.h) over a wq_mem_t: user is the memory; never fails */
int       wq_mem_read32_fn(void *user, uint32_t addr, uint32_t *v);
void      wq_mem_write64(wq_mem_t *m, uint32_t addr, uint64_t v);
/* byte strobes: bit i of strobe writes byte i of v */
void      wq_mem_write_strobe(wq_mem_t *m, uint32_t addr, uint32_t v, unsigned strobe);
/* byte ranges (may wrap across the 4 GiB boundary) */
void      wq_mem_read(const wq_mem_t *m, uint32_t addr, void *buf, size_t len);
void      wq_mem_write(wq_mem_t *m, uint32_t addr, const void *buf, size_t len);
/* count of writes that changed a stored value (forward-progress watchdog) */
uint64_t  wq_mem_changes(const wq_mem_t *m);
/* visit every allocated page in address order */
typedef void (*wq_mem_page_fn)(void *user, uint32_t base, const uint8_t *page);
void      wq_mem_pages(const wq_mem_t *m, wq_mem_page_fn fn, void *user);
#define WQ_PAGE_SIZE 4096u

#endif
