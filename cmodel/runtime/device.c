/* device.c -- the warpq device: clGetDeviceIDs, clGetDeviceInfo,
 * clRetainDevice/clReleaseDevice, clCreateSubDevices (docs/runtime.md).
 *
 * The backend (WQ_BACKEND) is opened on first use and stays open for the
 * process: every limit reported here is read from the device itself
 * (the CONFIG register through the driver), not assumed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"
#include "wq/cc.h"


static struct _cl_device_id device = {
    .h = { .dispatch = &wq_cl_dispatch, .magic = WQ_CL_MAGIC + WQ_CL_DEVICE,
           .kind = WQ_CL_DEVICE, .refs = 1 },
};

/* the process ends: close the backend (the RTL backend compares the final
 * memory images of the RTL and the model here) */
static void device_close(void)
{
    if (device.opened <= 0) return;
    wq_cl_watch_close(&device);
    wq_drv_close(&device.drv);
    wq_dev_close(&device.dev);
    wq_cl_heap_fini(&device.heap);
    device.opened = 0;
}

cl_device_id wq_cl_device(void) { return &device; }

/* a device that opened its driver and heap but cannot be used: its
 * open_msg said why; close what it opened, and it stays unavailable */
static cl_int open_failed(cl_device_id d)
{
    fprintf(stderr, "%s\n", d->open_msg);
    wq_drv_close(&d->drv);
    wq_dev_close(&d->dev);
    wq_cl_heap_fini(&d->heap);
    d->opened = -1;
    return CL_DEVICE_NOT_AVAILABLE;
}

/* the driver's fault log is where traps and channel errors arrive; the
 * runtime kills fatally trapped warps so that the next kernel runs */
cl_int wq_cl_device_open(cl_device_id d)
{
    if (d->opened > 0) return CL_SUCCESS;
    if (d->opened < 0) return CL_DEVICE_NOT_AVAILABLE;
    d->plat = wq_cl_platform();
    char why[200] = "";
    if (wq_cl_backend_open(d, why, sizeof why)) {
        snprintf(d->open_msg, sizeof d->open_msg, "warpq: %s", why);
        fprintf(stderr, "%s\n", d->open_msg);
        d->opened = -1;
        return CL_DEVICE_NOT_AVAILABLE;
    }
    wq_drv_opts_t o;
    wq_drv_opts_default(&o);
    o.kill_fatal = 1;
    o.poll = 32;
    if (d->arena_size) o.arena_size = d->arena_size;
    int rc = wq_drv_open(&d->drv, &d->dev, &o);
    if (rc || wq_cl_heap_init(&d->heap, d->heap_base, d->heap_size)) {
        snprintf(d->open_msg, sizeof d->open_msg, "warpq: %s backend: driver: %s",
                 d->backend, rc ? wq_drv_strerror(rc) : "out of host memory");
        fprintf(stderr, "%s\n", d->open_msg);
        wq_dev_close(&d->dev);
        d->opened = -1;
        return CL_DEVICE_NOT_AVAILABLE;
    }
    /* the 64-bit atomics' lock table: every word 0 (free); every kernel's
     * critical section releases what it takes and cannot trap inside it
     * (docs/compiler.md "64-bit atomics"), so it stays all zero between
     * launches */
    static const uint32_t zeros[WQ_ATOM64_LOCKS];
    if (wq_cl_heap_alloc(&d->heap, sizeof zeros, 16, &d->atom64_locks) ||
        wq_drv_write(&d->drv, d->atom64_locks, zeros, WQ_ATOM64_LOCKS)) {
        snprintf(d->open_msg, sizeof d->open_msg, "warpq: %s backend: no room for the 64-bit atomics' lock table",
                 d->backend);
        return open_failed(d);
    }
    if (wq_cl_watch_open(d, why, sizeof why)) {
        snprintf(d->open_msg, sizeof d->open_msg, "warpq: %s", why);
        return open_failed(d);
    }
    snprintf(d->name, sizeof d->name, "warpq (%s, %u lanes%s)", d->backend, d->drv.lanes, d->fp ? ", FPU" : "");
    d->opened = 1;
    wq_cl_tracing(d);
    /* registered after the backend was loaded, so it runs before the
     * backend library's own static destructors (the Verilator context) */
    atexit(device_close);
    return CL_SUCCESS;
}

cl_ulong wq_cl_device_time(cl_device_id d)
{
    return d->opened > 0 ? (cl_ulong)wq_drv_now(&d->drv) : 0;
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetDeviceIDs(cl_platform_id p, cl_device_type type, cl_uint num_entries,
                   cl_device_id *devices, cl_uint *num_devices)
{
    if (p && !wq_cl_obj_ok(p, WQ_CL_PLATFORM)) return CL_INVALID_PLATFORM;
    const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
        CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
    if (type != CL_DEVICE_TYPE_ALL && (type == 0 || (type & ~known)))
        return CL_INVALID_DEVICE_TYPE;
    if ((num_entries == 0 && devices) || (!devices && !num_devices)) return CL_INVALID_VALUE;
    if (!(type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT))) return CL_DEVICE_NOT_FOUND;
    wq_cl_lock();
    cl_int rc = wq_cl_device_open(&device);
    wq_cl_unlock();
    if (rc) return CL_DEVICE_NOT_FOUND;          /* said why on stderr */
    if (devices) devices[0] = &device;
    if (num_devices) *num_devices = 1;
    return CL_SUCCESS;
}

WQ_CL_API cl_int CL_API_CALL wq_cl_RetainDevice(cl_device_id d)
{
    return wq_cl_obj_ok(d, WQ_CL_DEVICE) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

WQ_CL_API cl_int CL_API_CALL wq_cl_ReleaseDevice(cl_device_id d)
{
    return wq_cl_obj_ok(d, WQ_CL_DEVICE) ? CL_SUCCESS : CL_INVALID_DEVICE;
}

/* the device has one compute unit: nothing to partition */
WQ_CL_API cl_int CL_API_CALL
wq_cl_CreateSubDevices(cl_device_id d, const cl_device_partition_property *props,
                       cl_uint n, cl_device_id *out, cl_uint *nret)
{
    if (!wq_cl_obj_ok(d, WQ_CL_DEVICE)) return CL_INVALID_DEVICE;
    if (!props) return CL_INVALID_VALUE;
    switch (props[0]) {
    case CL_DEVICE_PARTITION_EQUALLY: case CL_DEVICE_PARTITION_BY_COUNTS:
    case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN:
        return CL_DEVICE_PARTITION_FAILED;
    default:
        return CL_INVALID_VALUE;
    }
}

/* cl_ext_device_fission, OpenCL 1.1's form of the same: the loader exports
 * these, so they answer like their 1.2 counterparts */
WQ_CL_API cl_int CL_API_CALL wq_cl_RetainDeviceEXT(cl_device_id d)
{
    return wq_cl_RetainDevice(d);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_ReleaseDeviceEXT(cl_device_id d)
{
    return wq_cl_ReleaseDevice(d);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_CreateSubDevicesEXT(cl_device_id d, const cl_device_partition_property_ext *props,
                          cl_uint n, cl_device_id *out, cl_uint *nret)
{
    if (!wq_cl_obj_ok(d, WQ_CL_DEVICE)) return CL_INVALID_DEVICE;
    if (!props) return CL_INVALID_VALUE;
    switch (props[0]) {
    case CL_DEVICE_PARTITION_EQUALLY_EXT: case CL_DEVICE_PARTITION_BY_COUNTS_EXT:
    case CL_DEVICE_PARTITION_BY_NAMES_EXT: case CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN_EXT:
        return CL_DEVICE_PARTITION_FAILED_EXT;
    default:
        return CL_INVALID_VALUE;
    }
}

#define RET(T, v) do { T _v = (v); return wq_cl_info(&_v, sizeof _v, size, value, size_ret); } while (0)
#define RETS(s)   return wq_cl_info_str((s), size, value, size_ret)

/* the largest work-group: one CTA may hold at most CTA_THREADS threads
 * (launch.def) and no more than the device's warp slots hold (docs/spec.md
 * §8.2); the kernel's own limit is the same (kernel.c) */
static size_t max_wg(const cl_device_id d)
{
    size_t n = 32u * d->drv.warps;
    return n > WQ_LDLIMIT_CTA_THREADS ? WQ_LDLIMIT_CTA_THREADS : n;
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetDeviceInfo(cl_device_id d, cl_device_info param, size_t size, void *value,
                    size_t *size_ret)
{
    if (!wq_cl_obj_ok(d, WQ_CL_DEVICE)) return CL_INVALID_DEVICE;
    wq_cl_lock();
    cl_int rc = wq_cl_device_open(d);
    wq_cl_unlock();
    if (rc) return CL_INVALID_DEVICE;
    const cl_ulong mem = d->heap_size;
    switch (param) {
    case CL_DEVICE_TYPE:                    RET(cl_device_type, CL_DEVICE_TYPE_GPU);
    case CL_DEVICE_VENDOR_ID:               RET(cl_uint, d->drv.id >> 16);
    case CL_DEVICE_MAX_COMPUTE_UNITS:       RET(cl_uint, 1);
    case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS: RET(cl_uint, 3);
    case CL_DEVICE_MAX_WORK_ITEM_SIZES: {
        size_t s[3] = { max_wg(d), max_wg(d), max_wg(d) };
        return wq_cl_info(s, sizeof s, size, value, size_ret);
    }
    case CL_DEVICE_MAX_WORK_GROUP_SIZE:     RET(size_t, max_wg(d));
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
    /* long is supported (cles_khr_int64, below); the embedded profile asks
     * for 0 here only without it (OpenCL 1.2 §10) */
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG: RET(cl_uint, 1);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT: RET(cl_uint, d->fp ? 1 : 0);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF: RET(cl_uint, 0);
    /* nominal: profiling counts one device tick (model) or cycle (RTL) as 1 ns */
    case CL_DEVICE_MAX_CLOCK_FREQUENCY:     RET(cl_uint, 1000);
    case CL_DEVICE_ADDRESS_BITS:            RET(cl_uint, 32);
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE:      RET(cl_ulong, mem);
    case CL_DEVICE_GLOBAL_MEM_SIZE:         RET(cl_ulong, mem);
    case CL_DEVICE_IMAGE_SUPPORT:           RET(cl_bool, CL_FALSE);
    case CL_DEVICE_MAX_READ_IMAGE_ARGS:
    case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:    RET(cl_uint, 0);
    case CL_DEVICE_IMAGE2D_MAX_WIDTH:
    case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
    case CL_DEVICE_IMAGE3D_MAX_WIDTH:
    case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
    case CL_DEVICE_IMAGE3D_MAX_DEPTH:
    case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
    case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:    RET(size_t, 0);
    case CL_DEVICE_MAX_SAMPLERS:            RET(cl_uint, 0);
    /* the parameter buffer holds up to 1024 words (drv.h wq_drv_params) */
    case CL_DEVICE_MAX_PARAMETER_SIZE:      RET(size_t, 1024);
    case CL_DEVICE_MEM_BASE_ADDR_ALIGN:     RET(cl_uint, WQ_CL_ALIGN * 8);
    case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE: RET(cl_uint, WQ_CL_ALIGN);
    /* binary32 with an FPU (WQ_FP=1, backend.c): every operation rounds to
     * nearest even, keeps subnormals and infinities, and FFMA is fused
     * (docs/spec.md 2.9); none without one */
    case CL_DEVICE_SINGLE_FP_CONFIG:
        RET(cl_device_fp_config, d->fp ? CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN | CL_FP_DENORM | CL_FP_FMA : 0);
    case CL_DEVICE_DOUBLE_FP_CONFIG:
    case CL_DEVICE_HALF_FP_CONFIG:          RET(cl_device_fp_config, 0);
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:   RET(cl_device_mem_cache_type, CL_NONE);
    case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE: RET(cl_uint, 0);
    case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:   RET(cl_ulong, 0);
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: RET(cl_ulong, 65536);
    case CL_DEVICE_MAX_CONSTANT_ARGS:       RET(cl_uint, 8);
    /* __local lives in global memory (the ISA has no separate space) */
    case CL_DEVICE_LOCAL_MEM_TYPE:          RET(cl_device_local_mem_type, CL_GLOBAL);
    case CL_DEVICE_LOCAL_MEM_SIZE:          RET(cl_ulong, 32768);
    case CL_DEVICE_ERROR_CORRECTION_SUPPORT: RET(cl_bool, CL_FALSE);
    case CL_DEVICE_HOST_UNIFIED_MEMORY:     RET(cl_bool, CL_FALSE);
    case CL_DEVICE_PROFILING_TIMER_RESOLUTION: RET(size_t, 1);
    case CL_DEVICE_ENDIAN_LITTLE:           RET(cl_bool, CL_TRUE);
    case CL_DEVICE_AVAILABLE:               RET(cl_bool, CL_TRUE);
    case CL_DEVICE_COMPILER_AVAILABLE:      RET(cl_bool, CL_TRUE);
    case CL_DEVICE_LINKER_AVAILABLE:        RET(cl_bool, CL_TRUE);
    case CL_DEVICE_EXECUTION_CAPABILITIES:  RET(cl_device_exec_capabilities, CL_EXEC_KERNEL);
    case CL_DEVICE_QUEUE_PROPERTIES:
        RET(cl_command_queue_properties, CL_QUEUE_PROFILING_ENABLE);
    case CL_DEVICE_BUILT_IN_KERNELS:        RETS("");
    case CL_DEVICE_PLATFORM:                RET(cl_platform_id, d->plat);
    case CL_DEVICE_NAME:                    RETS(d->name);
    case CL_DEVICE_VENDOR:                  RETS("warpq project");
    case CL_DRIVER_VERSION: {
        /* "major_number.minor_number" (OpenCL 1.2 table 4.3): the ID
         * register's version is the major number */
        char v[16];
        snprintf(v, sizeof v, "%u.0", (unsigned)(d->drv.id & 0xFFFFu));
        RETS(v);
    }
    case CL_DEVICE_PROFILE:                 RETS("EMBEDDED_PROFILE");
    case CL_DEVICE_VERSION:                 RETS("OpenCL 1.2 warpq");
    case CL_DEVICE_OPENCL_C_VERSION:        RETS("OpenCL C 1.2 warpq");  /* a space after the version */
    case CL_DEVICE_EXTENSIONS:              RETS(wq_cc_extensions());  /* the compiler's list */
    case CL_DEVICE_PRINTF_BUFFER_SIZE:      RET(size_t, WQ_PRINTF_BYTES);   /* kabi.def KPRINTF */
    case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC: RET(cl_bool, CL_TRUE);
    case CL_DEVICE_PARENT_DEVICE:           RET(cl_device_id, NULL);
    case CL_DEVICE_PARTITION_MAX_SUB_DEVICES: RET(cl_uint, 0);
    case CL_DEVICE_PARTITION_PROPERTIES:
    case CL_DEVICE_PARTITION_TYPE:          RET(cl_device_partition_property, 0);
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN: RET(cl_device_affinity_domain, 0);
    case CL_DEVICE_REFERENCE_COUNT:         RET(cl_uint, 1);
    default: return CL_INVALID_VALUE;
    }
}
