/* program.c -- program objects: clCreateProgramWithSource,
 * clCreateProgramWithBinary, clCreateProgramWithBuiltInKernels,
 * clBuildProgram, clCompileProgram, clLinkProgram, clUnload*Compiler,
 * clGetProgramInfo, clGetProgramBuildInfo, clRetainProgram,
 * clReleaseProgram (docs/runtime.md).
 *
 * A built program is a wq_cl_image_t (code + kernel table, cl_int.h) whose
 * code is loaded into device memory once.  Three ways lead there: the
 * OpenCL C compiler (clBuildProgram on source), the linker (clCompileProgram
 * keeps checked units, clLinkProgram compiles them together into an
 * executable or keeps them as a library; build.c), and a program binary
 * (binary.c), which is what CL_PROGRAM_BINARIES returns for an executable. */
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"
#include "binary.h"

int wq_cl_program_ok(cl_program p) { return wq_cl_obj_ok(p, WQ_CL_PROGRAM); }

int wq_cl_program_executable(cl_program p)
{
    return p->status == CL_BUILD_SUCCESS && p->bin_type == CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
}

/* the code out of device memory (a build, a compile or a link replaces it) */
static void unload(cl_program p)
{
    if (p->code_addr) wq_cl_heap_free(&p->ctx->dev->heap, p->code_addr);
    p->code_addr = 0;
}

void wq_cl_image_free(wq_cl_image_t *img)
{
    for (unsigned i = 0; i < img->nkernels; i++) free(img->kernels[i].args);
    free(img->kernels);
    free(img->code);
    for (unsigned i = 0; i < img->nstrs; i++) free(img->strs[i]);
    free(img->strs);
    memset(img, 0, sizeof *img);
}

static void destroy(wq_cl_obj_t *o)
{
    cl_program p = (cl_program)o;
    if (p->code_addr) wq_cl_heap_free(&p->ctx->dev->heap, p->code_addr);
    wq_cl_alias_drop(p);
    wq_cl_image_free(&p->img);
    wq_cl_units_free(p->units, p->nunits);
    free(p->source);
    free(p->options);
    free(p->log);
    wq_cl_obj_irelease(p->ctx);
}

static cl_program new_program(cl_context ctx)
{
    cl_program p = wq_cl_obj_new(sizeof *p, WQ_CL_PROGRAM, destroy);
    if (!p) return NULL;
    p->ctx = ctx;
    p->status = CL_BUILD_NONE;
    p->bin_type = CL_PROGRAM_BINARY_TYPE_NONE;
    wq_cl_obj_iretain(ctx);
    return p;
}

/* the image's code into device memory; CL_SUCCESS or why not */
static cl_int load(cl_program p)
{
    cl_device_id d = p->ctx->dev;
    /* a program without kernels has no code: nothing to load, nothing launches */
    if (!p->img.ninsn) return p->img.nkernels ? CL_INVALID_BINARY : CL_SUCCESS;
    uint64_t bytes = 8ull * p->img.ninsn;
    if (wq_cl_heap_alloc(&d->heap, bytes, 8, &p->code_addr)) return CL_OUT_OF_RESOURCES;
    if (wq_drv_write(&d->drv, p->code_addr, p->img.code, 2 * p->img.ninsn)) {
        wq_cl_heap_free(&d->heap, p->code_addr);
        p->code_addr = 0;
        return CL_OUT_OF_RESOURCES;
    }
    return CL_SUCCESS;
}

cl_program wq_cl_program_from_image(cl_context ctx, wq_cl_image_t *img, cl_int *rc)
{
    cl_program p = new_program(ctx);
    if (!p) { wq_cl_image_free(img); *rc = CL_OUT_OF_HOST_MEMORY; return NULL; }
    p->img = *img;
    memset(img, 0, sizeof *img);
    if ((*rc = load(p))) {
        wq_cl_obj_release(p);
        return NULL;
    }
    p->status = CL_BUILD_SUCCESS;
    p->bin_type = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    p->have_binary = 1;
    return p;
}

WQ_CL_API cl_program CL_API_CALL
wq_cl_CreateProgramWithSource(cl_context ctx, cl_uint count, const char **strings,
                              const size_t *lengths, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = CL_SUCCESS;
    cl_program p = NULL;
    size_t total = 0;
    if (!wq_cl_context_ok(ctx)) rc = CL_INVALID_CONTEXT;
    else if (count == 0 || !strings) rc = CL_INVALID_VALUE;
    for (cl_uint i = 0; !rc && i < count; i++) {
        if (!strings[i]) rc = CL_INVALID_VALUE;
        else total += lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
    }
    if (!rc && !(p = new_program(ctx))) rc = CL_OUT_OF_HOST_MEMORY;
    if (!rc && !(p->source = malloc(total + 1))) {
        wq_cl_obj_release(p);
        rc = CL_OUT_OF_HOST_MEMORY;
    }
    if (!rc) {
        size_t at = 0;
        for (cl_uint i = 0; i < count; i++) {
            size_t n = lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
            memcpy(p->source + at, strings[i], n);
            at += n;
        }
        p->source[at] = 0;
    }
    return wq_cl_unlock_ptr(p, rc, errcode_ret);
}

WQ_CL_API cl_program CL_API_CALL
wq_cl_CreateProgramWithBinary(cl_context ctx, cl_uint ndev, const cl_device_id *devs,
                              const size_t *lengths, const unsigned char **bins,
                              cl_int *status, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = CL_SUCCESS;
    cl_program p = NULL;
    if (!wq_cl_context_ok(ctx)) rc = CL_INVALID_CONTEXT;
    else if (ndev == 0 || !devs) rc = CL_INVALID_VALUE;
    for (cl_uint i = 0; !rc && i < ndev; i++)
        if (devs[i] != ctx->dev) rc = CL_INVALID_DEVICE;
    if (!rc && (!lengths || !bins || !bins[0] || !lengths[0])) rc = CL_INVALID_VALUE;
    if (!rc) {
        wq_cl_image_t img;
        char why[128];
        if (wq_cl_binary_parse(bins[0], lengths[0], &img, why, sizeof why)) {
            rc = CL_INVALID_BINARY;
        } else {
            p = wq_cl_program_from_image(ctx, &img, &rc);
        }
        if (status) status[0] = rc;
    }
    return wq_cl_unlock_ptr(p, rc, errcode_ret);
}

WQ_CL_API cl_program CL_API_CALL
wq_cl_CreateProgramWithBuiltInKernels(cl_context ctx, cl_uint ndev, const cl_device_id *devs,
                                      const char *names, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = CL_INVALID_VALUE;      /* the device has no built-in kernels */
    if (!wq_cl_context_ok(ctx)) rc = CL_INVALID_CONTEXT;
    else if (ndev == 0 || !devs) rc = CL_INVALID_VALUE;
    else
        for (cl_uint i = 0; i < ndev; i++)
            if (devs[i] != ctx->dev) rc = CL_INVALID_DEVICE;
    return wq_cl_unlock_ptr(NULL, rc, errcode_ret);
}

static cl_int check_devs(cl_program p, cl_uint ndev, const cl_device_id *devs)
{
    if ((ndev == 0) != (devs == NULL)) return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < ndev; i++)
        if (devs[i] != p->ctx->dev) return CL_INVALID_DEVICE;
    return CL_SUCCESS;
}

static void set_str(char **dst, const char *s)
{
    free(*dst);
    *dst = s ? strdup(s) : NULL;
}

static void run_notify(wq_cl_cb_t *cb)
{
    void (CL_CALLBACK *fn)(cl_program, void *) =
        (void (CL_CALLBACK *)(cl_program, void *))(uintptr_t)cb->fn;
    fn((cl_program)cb->obj, cb->user);
}

static void notify(cl_program p, void (CL_CALLBACK *fn)(cl_program, void *), void *user)
{
    if (!fn) return;
    wq_cl_cb_t *cb = calloc(1, sizeof *cb);
    if (!cb) return;
    cb->run = run_notify;
    cb->fn = (void *)(uintptr_t)fn;
    cb->user = user;
    cb->obj = p;
    cb->obj_ref = p;
    wq_cl_defer(cb);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_BuildProgram(cl_program p, cl_uint ndev, const cl_device_id *devs, const char *options,
                   void (CL_CALLBACK *fn)(cl_program, void *), void *user)
{
    wq_cl_lock();
    if (!wq_cl_program_ok(p)) return wq_cl_unlock_rc(CL_INVALID_PROGRAM);
    cl_int rc = check_devs(p, ndev, devs);
    if (!rc && !fn && user) rc = CL_INVALID_VALUE;
    if (!rc && p->kernels_live) rc = CL_INVALID_OPERATION;
    if (rc) return wq_cl_unlock_rc(rc);
    set_str(&p->options, options ? options : "");
    if (p->have_binary) {
        /* a binary is built already: building it again changes nothing */
        set_str(&p->log, "");
        p->status = CL_BUILD_SUCCESS;
    } else {
        char *log = NULL;
        p->status = CL_BUILD_IN_PROGRESS;
        wq_cl_units_free(p->units, p->nunits);     /* a compiled object no more */
        p->units = NULL;
        p->nunits = 0;
        rc = wq_cl_build_source(p, options, &log);
        if (!rc) {
            unload(p);
            rc = load(p);
        }
        free(p->log);
        p->log = log ? log : strdup("");
        p->status = rc ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
        p->bin_type = rc ? CL_PROGRAM_BINARY_TYPE_NONE : CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    }
    notify(p, fn, user);
    return wq_cl_unlock_rc(rc);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_CompileProgram(cl_program p, cl_uint ndev, const cl_device_id *devs, const char *options,
                     cl_uint nhdr, const cl_program *hdrs, const char **names,
                     void (CL_CALLBACK *fn)(cl_program, void *), void *user)
{
    wq_cl_lock();
    if (!wq_cl_program_ok(p)) return wq_cl_unlock_rc(CL_INVALID_PROGRAM);
    cl_int rc = check_devs(p, ndev, devs);
    if (!rc && ((nhdr == 0) != (hdrs == NULL) || (nhdr == 0) != (names == NULL))) rc = CL_INVALID_VALUE;
    for (cl_uint i = 0; !rc && i < nhdr; i++) {
        if (!wq_cl_program_ok(hdrs[i]) || hdrs[i]->ctx != p->ctx) rc = CL_INVALID_PROGRAM;
        else if (!names[i]) rc = CL_INVALID_VALUE;
        else if (!hdrs[i]->source) rc = CL_INVALID_OPERATION;  /* a header is source */
    }
    if (!rc && !fn && user) rc = CL_INVALID_VALUE;
    if (!rc && !p->source) rc = CL_INVALID_OPERATION;
    if (!rc && p->kernels_live) rc = CL_INVALID_OPERATION;
    if (!rc) {
        /* the unit is checked by the compiler and kept, with copies of its
         * headers, for clLinkProgram, which generates the code */
        const char **texts = calloc(nhdr + 1, sizeof *texts);
        char *log = NULL;
        if (!texts) rc = CL_OUT_OF_HOST_MEMORY;
        for (cl_uint i = 0; !rc && i < nhdr; i++) texts[i] = hdrs[i]->source;
        if (!rc) rc = wq_cl_compile_unit(p, options, nhdr, names, texts, &log);
        free(texts);
        if (rc != CL_OUT_OF_HOST_MEMORY) {
            set_str(&p->options, options ? options : "");
            free(p->log);
            p->log = log ? log : strdup("");
            if (!rc) unload(p);
            p->status = rc ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
            p->bin_type = rc ? CL_PROGRAM_BINARY_TYPE_NONE : CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
            notify(p, fn, user);
        } else {
            free(log);
        }
    }
    return wq_cl_unlock_rc(rc);
}

WQ_CL_API cl_program CL_API_CALL
wq_cl_LinkProgram(cl_context ctx, cl_uint ndev, const cl_device_id *devs, const char *options,
                  cl_uint nprog, const cl_program *progs,
                  void (CL_CALLBACK *fn)(cl_program, void *), void *user, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = CL_SUCCESS;
    cl_program p = NULL;
    if (!wq_cl_context_ok(ctx)) rc = CL_INVALID_CONTEXT;
    else if ((ndev == 0) != (devs == NULL) || nprog == 0 || !progs || (!fn && user))
        rc = CL_INVALID_VALUE;
    for (cl_uint i = 0; !rc && i < ndev; i++)
        if (devs[i] != ctx->dev) rc = CL_INVALID_DEVICE;
    for (cl_uint i = 0; !rc && i < nprog; i++) {
        if (!wq_cl_program_ok(progs[i]) || progs[i]->ctx != ctx) rc = CL_INVALID_PROGRAM;
        /* only compiled objects and libraries link (OpenCL 1.2 5.6.3) */
        else if (progs[i]->status != CL_BUILD_SUCCESS || !progs[i]->nunits ||
                 (progs[i]->bin_type != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT &&
                  progs[i]->bin_type != CL_PROGRAM_BINARY_TYPE_LIBRARY))
            rc = CL_INVALID_OPERATION;
    }
    int lib = rc ? 0 : wq_cl_link_is_library(options);
    if (lib < 0) rc = CL_INVALID_LINKER_OPTIONS;
    if (!rc && !(p = new_program(ctx))) rc = CL_OUT_OF_HOST_MEMORY;
    if (!rc) {
        /* the link can begin: the program is returned, and a link error is
         * CL_LINK_PROGRAM_FAILURE with the build log saying where */
        char *log = NULL;
        set_str(&p->options, options ? options : "");
        p->status = CL_BUILD_IN_PROGRESS;
        rc = wq_cl_link_units(p, options, nprog, progs, &log);
        if (!rc && !lib) rc = load(p);
        if (rc && rc != CL_LINK_PROGRAM_FAILURE) {
            /* out of memory or of device memory: no program */
            free(log);
            wq_cl_obj_release(p);
            p = NULL;
        } else {
            p->log = log ? log : strdup("");
            p->status = rc ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
            p->bin_type = rc ? CL_PROGRAM_BINARY_TYPE_NONE
                        : lib ? CL_PROGRAM_BINARY_TYPE_LIBRARY : CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
            notify(p, fn, user);
        }
    }
    if (errcode_ret) *errcode_ret = rc;
    wq_cl_unlock();
    return p;
}

/* hints: there is nothing to unload */
WQ_CL_API cl_int CL_API_CALL wq_cl_UnloadCompiler(void) { return CL_SUCCESS; }

WQ_CL_API cl_int CL_API_CALL wq_cl_UnloadPlatformCompiler(cl_platform_id p)
{
    return wq_cl_obj_ok(p, WQ_CL_PLATFORM) ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

WQ_CL_API cl_int CL_API_CALL wq_cl_RetainProgram(cl_program p)
{
    wq_cl_lock();
    if (!wq_cl_program_ok(p)) return wq_cl_unlock_rc(CL_INVALID_PROGRAM);
    wq_cl_obj_retain(p);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_ReleaseProgram(cl_program p)
{
    wq_cl_lock();
    if (!wq_cl_program_ok(p)) return wq_cl_unlock_rc(CL_INVALID_PROGRAM);
    wq_cl_obj_release(p);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

#define RET(T, v) do { T _v = (v); rc = wq_cl_info(&_v, sizeof _v, size, value, size_ret); } while (0)

static cl_int kernel_names(cl_program p, size_t size, void *value, size_t *size_ret)
{
    size_t n = 1;
    for (unsigned i = 0; i < p->img.nkernels; i++) n += strlen(p->img.kernels[i].name) + 1;
    char *s = calloc(1, n);
    if (!s) return CL_OUT_OF_HOST_MEMORY;
    for (unsigned i = 0; i < p->img.nkernels; i++) {
        if (i) strcat(s, ";");
        strcat(s, p->img.kernels[i].name);
    }
    cl_int rc = wq_cl_info_str(s, size, value, size_ret);
    free(s);
    return rc;
}

static cl_int binaries(cl_program p, size_t size, void *value, size_t *size_ret)
{
    /* value is an array of one pointer to memory of CL_PROGRAM_BINARY_SIZES */
    if (value && size < sizeof(unsigned char *)) return CL_INVALID_VALUE;
    if (size_ret) *size_ret = sizeof(unsigned char *);
    if (!value) return CL_SUCCESS;
    unsigned char *dst = ((unsigned char **)value)[0];
    if (!dst || !wq_cl_program_executable(p)) return CL_SUCCESS;
    size_t n = 0;
    char *b = wq_cl_binary_write(&p->img, &n);
    if (!b) return CL_OUT_OF_HOST_MEMORY;
    memcpy(dst, b, n);
    free(b);
    return CL_SUCCESS;
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetProgramInfo(cl_program p, cl_program_info param, size_t size, void *value,
                     size_t *size_ret)
{
    wq_cl_lock();
    cl_int rc;
    if (!wq_cl_program_ok(p)) return wq_cl_unlock_rc(CL_INVALID_PROGRAM);
    int built = wq_cl_program_executable(p);
    switch (param) {
    case CL_PROGRAM_REFERENCE_COUNT: RET(cl_uint, p->h.refs); break;
    case CL_PROGRAM_CONTEXT:         RET(cl_context, p->ctx); break;
    case CL_PROGRAM_NUM_DEVICES:     RET(cl_uint, 1); break;
    case CL_PROGRAM_DEVICES:         RET(cl_device_id, p->ctx->dev); break;
    case CL_PROGRAM_SOURCE:
        rc = wq_cl_info_str(p->source ? p->source : "", size, value, size_ret);
        break;
    case CL_PROGRAM_BINARY_SIZES: {
        size_t n = 0;
        char *b = built ? wq_cl_binary_write(&p->img, &n) : NULL;
        free(b);
        RET(size_t, n);
        break;
    }
    case CL_PROGRAM_BINARIES:        rc = binaries(p, size, value, size_ret); break;
    case CL_PROGRAM_NUM_KERNELS:
        if (!built) rc = CL_INVALID_PROGRAM_EXECUTABLE;
        else RET(size_t, p->img.nkernels);
        break;
    case CL_PROGRAM_KERNEL_NAMES:
        rc = built ? kernel_names(p, size, value, size_ret) : CL_INVALID_PROGRAM_EXECUTABLE;
        break;
    default: rc = CL_INVALID_VALUE;
    }
    return wq_cl_unlock_rc(rc);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetProgramBuildInfo(cl_program p, cl_device_id d, cl_program_build_info param,
                          size_t size, void *value, size_t *size_ret)
{
    wq_cl_lock();
    cl_int rc;
    if (!wq_cl_program_ok(p)) return wq_cl_unlock_rc(CL_INVALID_PROGRAM);
    if (d != p->ctx->dev) return wq_cl_unlock_rc(CL_INVALID_DEVICE);
    switch (param) {
    case CL_PROGRAM_BUILD_STATUS:  RET(cl_build_status, p->status); break;
    case CL_PROGRAM_BUILD_OPTIONS: rc = wq_cl_info_str(p->options ? p->options : "", size, value, size_ret); break;
    case CL_PROGRAM_BUILD_LOG:     rc = wq_cl_info_str(p->log ? p->log : "", size, value, size_ret); break;
    case CL_PROGRAM_BINARY_TYPE:   RET(cl_program_binary_type, p->bin_type); break;
    default: rc = CL_INVALID_VALUE;
    }
    return wq_cl_unlock_rc(rc);
}
