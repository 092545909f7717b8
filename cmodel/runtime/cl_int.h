/* cl_int.h -- the OpenCL runtime's internal view (docs/runtime.md).
 *
 * Every OpenCL object starts with the ICD dispatch pointer (the loader
 * reads it to find our functions), then a common header: a per-kind magic
 * word, the application's reference count and the runtime's own count.  An
 * object is destroyed when both reach zero; its header then stays readable
 * with a dead magic for a while (obj.c's quarantine), so a handle the
 * application already released is answered with CL_INVALID_<KIND> instead of
 * a use-after-free.
 *
 * One lock serialises every API call (the device simulation runs in the
 * calling thread); callbacks the application registered run after the lock
 * is dropped, so they may call the API themselves.
 *
 * Nothing here names a model type: the device is reached through the
 * driver (wq/drv.h) over the device interface (wq/dev.h). */
#ifndef WQ_CL_INT_H
#define WQ_CL_INT_H
/* the entry points' declarations (wq/cl.h) are hidden inside the runtime,
 * so libwqcl.so exports only the three symbols the ICD loader looks up
 * (icd.c); wq/cl.h also brings the OpenCL headers, read at 3.0 */
#define WQ_CL_API __attribute__((visibility("hidden")))
#include "wq/cl.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "wq/drv.h"
#include "wq/nq.h"
#include "wq/cc.h"

/* ---- common object header ------------------------------------------------ */
enum wq_cl_kind {
    WQ_CL_PLATFORM = 1, WQ_CL_DEVICE, WQ_CL_CONTEXT, WQ_CL_QUEUE, WQ_CL_MEM,
    WQ_CL_PROGRAM, WQ_CL_KERNEL, WQ_CL_EVENT, WQ_CL_KINDS
};

typedef struct wq_cl_obj {
    const struct _cl_icd_dispatch *dispatch;   /* must stay first (ICD)      */
    uint32_t magic;         /* WQ_CL_MAGIC + kind while live, WQ_CL_DEAD after */
    uint32_t kind;
    cl_uint  refs;          /* the application's references                  */
    cl_uint  irefs;         /* the runtime's own (commands, kernels, ...)     */
    void   (*destroy)(struct wq_cl_obj *o);  /* frees what the object owns  */
    struct wq_cl_obj *qnext;                 /* quarantine list              */
} wq_cl_obj_t;

#define WQ_CL_MAGIC 0x57514300u             /* 'WQC' + kind */
#define WQ_CL_DEAD  0xDEADC1D0u

extern const struct _cl_icd_dispatch wq_cl_dispatch;

/* a zeroed object of `size` bytes with its header set (refs 1) */
void *wq_cl_obj_new(size_t size, enum wq_cl_kind kind, void (*destroy)(wq_cl_obj_t *));
/* live and of this kind, with at least one application reference */
int   wq_cl_obj_ok(const void *o, enum wq_cl_kind kind);
/* live (application or runtime references) and of this kind */
int   wq_cl_obj_alive(const void *o, enum wq_cl_kind kind);
void  wq_cl_obj_retain(void *o);            /* application reference */
void  wq_cl_obj_release(void *o);
void  wq_cl_obj_iretain(void *o);           /* runtime reference     */
void  wq_cl_obj_irelease(void *o);

/* ---- the lock and deferred callbacks ------------------------------------- */
void   wq_cl_lock(void);
/* drop the lock, then run the callbacks queued while it was held */
void   wq_cl_unlock(void);
cl_int wq_cl_unlock_rc(cl_int rc);
void   wq_cl_lock_yield(void);     /* let other threads in while waiting */
void  *wq_cl_unlock_ptr(void *p, cl_int rc, cl_int *errcode_ret);

typedef struct wq_cl_cb {
    struct wq_cl_cb *next;
    void (*run)(struct wq_cl_cb *cb);       /* called without the lock */
    void  *fn, *user, *obj;
    cl_int status;
    void  *obj_ref;         /* released (runtime reference) after the call */
    char   text[256];
} wq_cl_cb_t;
/* queue a callback; obj_ref (may be NULL) holds a runtime reference until it ran */
void wq_cl_defer(wq_cl_cb_t *cb);

/* ---- clGet*Info helper ------------------------------------------------------ */
/* copy n bytes of v to the caller's buffer the way every clGet*Info does */
cl_int wq_cl_info(const void *v, size_t n, size_t size, void *value, size_t *size_ret);
cl_int wq_cl_info_str(const char *s, size_t size, void *value, size_t *size_ret);

/* ---- device memory heap (heap.c) ------------------------------------------- */
typedef struct wq_cl_blk {
    uint32_t addr, size;
    int      used;
    struct wq_cl_blk *prev, *next;
} wq_cl_blk_t;
typedef struct wq_cl_heap {
    uint32_t base, size, used, peak;
    wq_cl_blk_t *head;
} wq_cl_heap_t;
int  wq_cl_heap_init(wq_cl_heap_t *h, uint32_t base, uint32_t size);
void wq_cl_heap_fini(wq_cl_heap_t *h);
/* 0 and *addr, or -1 when no free range of size bytes (align: power of two) */
int  wq_cl_heap_alloc(wq_cl_heap_t *h, uint64_t size, uint32_t align, uint32_t *addr);
void wq_cl_heap_free(wq_cl_heap_t *h, uint32_t addr);

/* ---- platform and device ----------------------------------------------------- */
struct _cl_platform_id {
    wq_cl_obj_t h;
};

/* where the runtime keeps things in the device's 32-bit address space: the
 * global-memory heap (buffers, code, descriptors, parameters) lies below
 * the driver's arena (rings, pushbuffer slots) at 0xF0000000.  A board's
 * memory is smaller: the uart backend puts the heap in the bridge's low
 * window above its first page (no buffer at address 0) and shrinks the
 * arena to the high window (backend.c) */
#define WQ_CL_HEAP_BASE  0x10000000u
#define WQ_CL_HEAP_SIZE  0xE0000000u
/* a nested-work launch's ACQUIRE: tries before it fails (WQ_CL_NESTED_TRIES) */
#define WQ_CL_NQ_TRIES_DEFAULT 20000u
#define WQ_CL_NQ_TRIES_MAX     1000000000u
#define WQ_CL_UART_HEAP_BASE 0x1000u
#define WQ_CL_ALIGN      128u       /* buffer alignment, bytes */

struct _cl_device_id {
    wq_cl_obj_t h;
    cl_platform_id plat;
    int      opened;        /* 1 open, -1 failed (open_msg says why)   */
    char     open_msg[256];
    char     backend[16];   /* "model", "rtl", "systemc" or "uart"    */
    char     name[64];
    wq_dev_t dev;
    wq_drv_t drv;
    wq_cl_heap_t heap;
    uint32_t heap_base, heap_size;  /* the heap's range (backend.c)    */
    uint32_t arena_size;            /* the driver's arena, 0: default  */
    unsigned lanes;         /* WQ_LANES                                */
    int      fp;            /* WQ_FP: the device has an FPU (backend.c) */
    /* WQ_CL_MAX_GRID (backend.c): the most work-groups in a dimension one
     * device launch of an NDRange gets (launch.c splits the rest into
     * chunks); WQ_LDLIMIT_GRID_DIM unless lowered to run the split at
     * small sizes */
    uint32_t max_grid;
    /* WQ_CL_NESTED_TRIES (backend.c): the tries of a nested-work launch's
     * ACQUIRE before the launch fails as an unfinished session (nested.c) */
    uint32_t nq_tries;
    /* command queues with unfinished commands: the progress engine walks them */
    struct _cl_command_queue *queues;
    uint64_t faults_seen;   /* driver faults already attributed        */
    int      tracing;       /* the trace hook is installed             */
    /* WQ_TRACE / WQ_TIMELINE (watch.c): event records for people */
    FILE    *trace_out;
    struct wq_timeline *timeline;
    /* rtl backend: tell the lockstep checker which kernel runs, for its
     * first-mismatch report (NULL on other backends) */
    void   (*rtl_what)(wq_dev_t *dev, const char *what);
    /* nested work (nested.c): one PPU-owned queue, made on first use */
    wq_nq_t  nq;
    int      nq_ready;      /* nq exists                                */
    int      nq_busy;       /* a session of it is running               */
    /* the 64-bit atomics' lock table (kabi.def KTAIL LOCKS, KLOCKS): one
     * per device, so a lock covers every kernel and context that could
     * touch the address; allocated and zeroed when the device opens */
    uint32_t atom64_locks;
};

cl_platform_id wq_cl_platform(void);
cl_device_id   wq_cl_device(void);
/* open the backend on first use: CL_SUCCESS or CL_DEVICE_NOT_AVAILABLE */
cl_int         wq_cl_device_open(cl_device_id d);
/* WQ_BACKEND etc. into a wq_dev_t: 0, or -1 with why (backend.c) */
int            wq_cl_backend_open(cl_device_id d, char *why, size_t whylen);
/* wq_cl_device_model (the model behind the device) is public: wq/cl.h */
/* WQ_TRACE / WQ_TIMELINE (watch.c): open what the environment asks for
 * (0, or -1 with why), feed it a record, close it at the device's end */
int            wq_cl_watch_open(cl_device_id d, char *why, size_t whylen);
struct wq_trace_rec;
void           wq_cl_watch_record(cl_device_id d, const struct wq_trace_rec *r, uint64_t now);
void           wq_cl_watch_close(cl_device_id d);
/* install or remove the backend's trace hook as profiling queues and the
 * watch need it (queue.c) */
void           wq_cl_tracing(cl_device_id d);
/* device time in profiling units (ns: one device tick counts as 1 ns) */
cl_ulong       wq_cl_device_time(cl_device_id d);

/* ---- context ---------------------------------------------------------------- */
struct _cl_context {
    wq_cl_obj_t h;
    cl_device_id dev;
    cl_context_properties props[8];
    cl_uint  nprops;        /* entries of props incl. the terminating 0 */
    void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *);
    void    *notify_user;
    struct wq_cl_ctx_dtor {
        struct wq_cl_ctx_dtor *next;
        void (CL_CALLBACK *fn)(cl_context, void *);
        void *user;
    } *dtors;               /* clSetContextDestructorCallback, newest first */
};
int wq_cl_context_ok(cl_context c);
/* report an asynchronous error through the context's notify callback */
void wq_cl_context_notify(cl_context c, const char *msg);

/* ---- memory objects ---------------------------------------------------------- */
typedef struct wq_cl_mapping {
    struct wq_cl_mapping *next;
    void    *ptr;           /* what the application got                   */
    size_t   off, size;
    cl_map_flags flags;
    int      owned;         /* ptr was malloc'd for this mapping            */
    int      unmapping;     /* an unmap of it is queued                      */
} wq_cl_mapping_t;

typedef struct wq_cl_dtor {
    struct wq_cl_dtor *next;
    void (CL_CALLBACK *fn)(cl_mem, void *);
    void *user;
} wq_cl_dtor_t;

struct _cl_mem {
    wq_cl_obj_t h;
    cl_context ctx;
    cl_mem_flags flags;
    size_t   size;
    uint32_t addr;          /* device address of byte 0                   */
    void    *host_ptr;      /* USE_HOST_PTR: the application's memory     */
    void    *host_shadow;   /* ALLOC_HOST_PTR: our host copy for mapping  */
    cl_mem   parent;        /* sub-buffer: its buffer (runtime reference) */
    size_t   origin;
    cl_uint  map_count;
    wq_cl_mapping_t *maps;
    wq_cl_dtor_t *dtors;
};
int wq_cl_mem_ok(cl_mem m);
cl_mem wq_cl_buffer_create(cl_context ctx, cl_mem_flags flags, size_t size, void *host_ptr,
                           cl_int *rc);
/* the host memory a map of m at byte off uses (USE_HOST_PTR, ALLOC_HOST_PTR),
 * or NULL when each map gets memory of its own */
void *wq_cl_mem_host_view(cl_mem m, size_t off);

/* ---- events ---------------------------------------------------------------- */
typedef struct wq_cl_evcb {
    struct wq_cl_evcb *next;
    cl_int   on;            /* CL_SUBMITTED, CL_RUNNING or CL_COMPLETE */
    void (CL_CALLBACK *fn)(cl_event, cl_int, void *);
    void    *user;
} wq_cl_evcb_t;

struct _cl_event {
    wq_cl_obj_t h;
    cl_context ctx;
    cl_command_queue q;     /* NULL for user events                       */
    cl_command_type type;
    cl_int   status;        /* CL_QUEUED .. CL_COMPLETE, or an error < 0  */
    cl_ulong t_queued, t_submit, t_start, t_end;
    wq_cl_evcb_t *cbs;
    char     why[160];      /* failure: what went wrong (trap, channel)  */
};
/* a new event for a command of q (or a user event: q NULL) */
cl_event wq_cl_event_new(cl_context ctx, cl_command_queue q, cl_command_type type);
/* move to a new status (a later one, or an error); fires callbacks */
void     wq_cl_event_set(cl_event e, cl_int status);
int      wq_cl_event_done(cl_event e);       /* COMPLETE or failed */
/* check an event wait list as every clEnqueue* does */
cl_int   wq_cl_wait_list_ok(cl_context ctx, cl_uint n, const cl_event *list);

/* ---- command queues and commands ---------------------------------------------- */
enum wq_cl_cmd_kind {
    WQ_CMD_READ, WQ_CMD_WRITE, WQ_CMD_COPY, WQ_CMD_FILL, WQ_CMD_MAP,
    WQ_CMD_UNMAP, WQ_CMD_READ_RECT, WQ_CMD_WRITE_RECT, WQ_CMD_COPY_RECT,
    WQ_CMD_MARKER, WQ_CMD_LAUNCH
};

/* a rectangular region of a buffer or of host memory (clEnqueue*Rect) */
typedef struct wq_cl_rect {
    size_t origin[3], row_pitch, slice_pitch;
} wq_cl_rect_t;

typedef struct wq_cl_cmd {
    struct wq_cl_cmd *next;
    enum wq_cl_cmd_kind kind;
    cl_command_type type;   /* 0: the kind's usual type                   */
    cl_event ev;            /* always one (runtime reference)              */
    cl_uint  nwait;
    cl_event *wait;         /* runtime references                          */
    cl_mem   mem, mem2;     /* runtime references                          */
    size_t   off, off2, size;
    void    *ptr;           /* host memory of read/write; the map's pointer */
    unsigned char pattern[128];
    size_t   pattern_size;
    wq_cl_rect_t r1, r2;    /* rect commands: buffer (or src) and host (or dst) */
    size_t   region[3];
    cl_map_flags map_flags;
    /* a launch: the command block words and what it holds */
    int      submitted;
    uint32_t seq;           /* completion number on the queue's semaphore  */
    uint32_t cb[40];
    uint32_t ncb;
    void    *launch;        /* kernel.c's launch record, freed with the command */
    void   (*launch_free)(void *launch);
    /* a launch that creates nested work (nested.c): prepare appends the
     * session's block at submit (0 done, 1 not now, <0 failed: an OpenCL
     * error); retired runs when the launch completes or fails */
    int    (*prepare)(struct _cl_command_queue *q, struct wq_cl_cmd *c, wq_cb_t *cb);
    void   (*retired)(struct _cl_command_queue *q, struct wq_cl_cmd *c, int failed);
    /* a launch that completed, before its event says CL_COMPLETE: its
     * printf output (launch.c) */
    void   (*complete)(struct wq_cl_cmd *c);
    char     what[64];      /* kernel name, for reports (a long one cut)    */
} wq_cl_cmd_t;

struct _cl_command_queue {
    wq_cl_obj_t h;
    cl_context ctx;
    cl_device_id dev;
    cl_command_queue_properties props;
    unsigned chan;          /* the driver channel its launches go to       */
    uint32_t sem;           /* device word: completion number of launches  */
    uint32_t seq;           /* last completion number handed out            */
    wq_cl_cmd_t *head, *tail;
    struct _cl_command_queue *next_live;   /* device's list */
};
int  wq_cl_queue_ok(cl_command_queue q);
cl_command_queue wq_cl_queue_create(cl_context ctx, cl_device_id dev,
                                    cl_command_queue_properties props, cl_int *rc);
/* append a command (takes ownership); fills *event if asked */
cl_int wq_cl_enqueue(cl_command_queue q, wq_cl_cmd_t *c, cl_uint nwait,
                     const cl_event *wait, cl_event *event);
wq_cl_cmd_t *wq_cl_cmd_new(enum wq_cl_cmd_kind kind);
/* start what can start without running the device */
void   wq_cl_progress(cl_device_id d);
void   wq_cl_poll(cl_device_id d, cl_event e);  /* a status poll: runs the device a little */
/* run the device until done(arg) holds; CL_SUCCESS or an error */
cl_int wq_cl_wait_until(cl_device_id d, int (*done)(void *), void *arg);
/* clFinish, without the lock handling */
cl_int wq_cl_finish(cl_command_queue q);

/* command execution on the host side (cmd.c) */
cl_int wq_cl_cmd_exec(cl_device_id d, wq_cl_cmd_t *c);

/* nested work (nested.c): can k be launched with the kernels it enqueues
 * (why: the reason when not); the device's queue descriptor (made on first
 * use); a session's start at submit (0 started, 1 busy: later, -1 failed)
 * and its end when the launch completes or fails */
cl_int wq_cl_nested_check(cl_kernel k, const char **why);
cl_int wq_cl_nested_queue(cl_device_id d, uint32_t *qd);
int    wq_cl_nested_begin(cl_command_queue q, cl_program p, uint32_t desc, uint32_t params,
                          uint32_t ncta, wq_cb_t *cb);
void   wq_cl_nested_end(cl_command_queue q, const char *what, int failed);
/* byte-granular device memory access over the driver's word access */
int    wq_cl_dev_read(cl_device_id d, uint32_t addr, void *buf, size_t n);
int    wq_cl_dev_write(cl_device_id d, uint32_t addr, const void *buf, size_t n);

/* ---- programs and kernels ------------------------------------------------------
 * What a built program is to the runtime: code (instruction words, loaded
 * at any 8-aligned device address: branch targets are instruction indices
 * from CODE_BASE) and, per kernel, what a launch needs.  The compiler's
 * output is turned into this; so is a program binary (CL_PROGRAM_BINARIES). */
enum wq_cl_arg_kind { WQ_CL_ARG_SCALAR, WQ_CL_ARG_GLOBAL, WQ_CL_ARG_CONSTANT, WQ_CL_ARG_LOCAL };

typedef struct wq_cl_arg_info {
    char     name[WQ_CC_NAME_MAX + 1], type_name[WQ_CC_NAME_MAX + 1];
    enum wq_cl_arg_kind kind;
    uint32_t size;          /* scalar: its size in bytes; pointers: 4       */
    uint32_t offset;        /* byte offset of its value in the parameter buffer */
    cl_kernel_arg_access_qualifier access;
    cl_kernel_arg_type_qualifier type_qual;
} wq_cl_arg_info_t;

typedef struct wq_cl_kinfo {
    char     name[WQ_CC_NAME_MAX + 1];
    uint32_t entry;         /* instruction index of the entry point         */
    uint32_t nregs;         /* registers per thread                         */
    uint32_t wave, yield;   /* descriptor WAVE and YIELD words              */
    uint32_t local_bytes;   /* __local variables declared in the kernel     */
    uint32_t private_bytes; /* per work-item frame: private objects, spills */
    uint32_t private_align; /* its objects' largest alignment (0: none)     */
    uint32_t local_align;   /* the __local blocks' largest alignment (0: none) */
    size_t   reqd_wg[3];    /* reqd_work_group_size, all 0 when none        */
    uint32_t hint_wg[3];    /* work_group_size_hint, all 0 when none        */
    char     vec_hint[16];  /* vec_type_hint's type, "" when none           */
    uint32_t param_bytes;   /* parameter buffer: header + arguments         */
    uint64_t enqueues;      /* bit k: wq_enqueue names kernel k (nested work) */
    int      nested;        /* calls the nested-work library                */
    int      printf;        /* calls printf: a printf buffer per launch     */
    uint32_t nargs;
    wq_cl_arg_info_t *args;
} wq_cl_kinfo_t;

/* the parameter buffer's header is the kernel ABI's (kabi.def, wq/defs.h
 * WQ_KPARAM_*; docs/runtime.md "Kernel ABI") */

typedef struct wq_cl_image {
    uint32_t *code;         /* 2 words per instruction                      */
    uint32_t  ninsn;
    unsigned  nkernels;
    wq_cl_kinfo_t *kernels;
    char    **strs;         /* printf's strings, by id (docs/runtime.md "printf") */
    unsigned  nstrs;
} wq_cl_image_t;
void wq_cl_image_free(wq_cl_image_t *img);
/* a launch's printf buffer (words of it, KPRINTF's layout) printed to out
 * with img's strings (printf.c); 0, or -1 when a record does not match its
 * format (said on stderr; the output stops there) */
int wq_cl_printf_output(FILE *out, const wq_cl_image_t *img, const uint32_t *buf, uint32_t words,
                        const char *kernel);

/* a translation unit as clCompileProgram keeps it for the linker (build.c,
 * docs/runtime.md "Linking"): its source, its compile options (-D, -I)
 * and a copy of its embedded headers; the link compiles the units together */
typedef struct wq_cl_unit {
    char *name;             /* in diagnostics: <source>, <program I> in a link */
    char *source;
    char *options;
    unsigned nhdrs;
    char **hdr_names, **hdr_texts;
} wq_cl_unit_t;
void wq_cl_units_free(wq_cl_unit_t *u, unsigned n);

struct _cl_program {
    wq_cl_obj_t h;
    cl_context ctx;
    char    *source;        /* clCreateProgramWithSource, else NULL        */
    char    *options;       /* of the last build                           */
    char    *log;           /* of the last build                           */
    cl_build_status status;
    cl_program_binary_type bin_type;
    int      have_binary;   /* created from a binary                       */
    wq_cl_image_t img;      /* built: code and kernels                     */
    uint32_t code_addr;     /* where the code is in device memory (0: not loaded) */
    cl_uint  kernels_live;  /* kernel objects: no rebuild while any exists  */
    struct wq_cl_variant *variants;  /* alias.c: kernels recompiled per metadata */
    unsigned recompiles;    /* variants compiled (alias.c)                  */
    /* a compiled object (one unit), a library, or an executable that a link
     * made (its units, so that alias.c recompiles the link); else none */
    wq_cl_unit_t *units;
    unsigned nunits;
    /* clGetKernelArgInfo answers: built from source with -cl-kernel-arg-info
     * (a link: every unit compiled with it); not from a binary (OpenCL 1.2
     * §5.7.3) */
    int arg_info;
};
int wq_cl_program_ok(cl_program p);
/* built into an executable: kernels can be made from it */
int wq_cl_program_executable(cl_program p);
/* clCompileProgram's work (build.c): the source and options checked by
 * the compiler as a unit with its embedded headers, kept in p->units.
 * CL_SUCCESS, CL_COMPILE_PROGRAM_FAILURE, CL_INVALID_COMPILER_OPTIONS or
 * CL_OUT_OF_HOST_MEMORY; *log the build log (malloc'd) */
cl_int wq_cl_compile_unit(cl_program p, const char *options, cl_uint nhdr, const char *const *names,
                          const char *const *texts, char **log);
/* clLinkProgram's work (build.c): the inputs' units into out->units,
 * checked together (a library) or compiled into out->img (an executable);
 * the options checked before (wq_cl_link_is_library).  CL_SUCCESS,
 * CL_LINK_PROGRAM_FAILURE or CL_OUT_OF_HOST_MEMORY; *log the build log */
cl_int wq_cl_link_units(cl_program out, const char *options, cl_uint nprog, const cl_program *progs,
                        char **log);
/* the link options' -create-library: 1, 0, or -1 when they are invalid */
int    wq_cl_link_is_library(const char *options);
/* a built program from an image (takes the image); the compiler's and the
 * binary loader's way in */
cl_program wq_cl_program_from_image(cl_context ctx, wq_cl_image_t *img, cl_int *rc);
/* compile p->source with the build options into p->img (build.c); *log is
 * the build log (malloc'd).  CL_SUCCESS, CL_BUILD_PROGRAM_FAILURE,
 * CL_INVALID_BUILD_OPTIONS or CL_OUT_OF_HOST_MEMORY */
cl_int wq_cl_build_source(cl_program p, const char *options, char **log);
/* alias.c's view of build.c: whether the options leave the alias pass on,
 * and the program recompiled with memory-reference metadata for kernel
 * (the loops it unrolled, its explanation, malloc'd) */
int    wq_cl_build_alias_on(const char *options);
cl_int wq_cl_build_variant(cl_program p, const char *kernel, const wq_cc_rel_t *rels, unsigned nrels,
                           wq_cl_image_t *img, unsigned *loops, char **explain);

/* the most bytes of one argument by value: CL_DEVICE_MAX_PARAMETER_SIZE */
#define WQ_CL_ARG_BYTES 1024

typedef struct wq_cl_argval {
    int      set;
    cl_mem   mem;           /* pointer arguments (NULL allowed)             */
    size_t   local_size;    /* __local arguments                            */
    unsigned char bytes[WQ_CL_ARG_BYTES]; /* scalars, structs and unions by value */
} wq_cl_argval_t;

struct _cl_kernel {
    wq_cl_obj_t h;
    cl_program prog;
    const wq_cl_kinfo_t *ki;
    wq_cl_argval_t *argv;
};
int wq_cl_kernel_ok(cl_kernel k);
/* a new kernel of the same program entry with the same argument values */
cl_kernel wq_cl_kernel_clone(cl_kernel k);
/* the largest work-group this kernel can run with */
size_t wq_cl_kernel_max_wg(cl_kernel k);
/* alias.c: the code a launch of k with its current arguments runs -- a
 * variant compiled for the arguments' memory-reference metadata, or the
 * program's own -- as its kernel table entry and code address */
cl_int wq_cl_alias_select(cl_kernel k, const wq_cl_kinfo_t **ki, uint32_t *code);
/* the variants of p: no longer found (a rebuild), or freed (p goes) */
void   wq_cl_alias_retire(cl_program p);
void   wq_cl_alias_drop(cl_program p);

#endif
