/* cl.h -- the OpenCL runtime's public interface (docs/runtime.md): its
 * implementation of every OpenCL entry point, wq_cl_<Name> for cl<Name>,
 * declared with the exact type of the Khronos prototype (__typeof__ of the
 * cl.h declaration), so a definition that drifts from the standard
 * signature does not compile.  An application reaches the runtime through
 * the ICD loader and the standard names; a program linking the runtime's
 * archive (build/lib/libwqcl.a) calls these directly -- `wq run KERNEL.cl`
 * does.  The runtime's own files see the same declarations hidden
 * (cmodel/runtime/cl_int.h defines WQ_CL_API first), so libwqcl.so exports
 * only the ICD loader's symbols; icd.c builds the dispatch table from the
 * same list. */
#ifndef WQ_CL_H
#define WQ_CL_H
/* the platform reports OpenCL 1.2; the headers are read at 3.0 because the
 * ICD loader routes the later entry points to the runtime too */
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_2_0_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_2_1_APIS
#define CL_USE_DEPRECATED_OPENCL_2_1_APIS
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_2_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#endif
#include <CL/cl_icd.h>      /* cl.h plus the GL, EGL and extension prototypes */

/* the declarations' visibility: default here, hidden inside the runtime */
#ifndef WQ_CL_API
#define WQ_CL_API
#endif

#define WQ_CL_FUNCS(X)                                                            \
    /* platform, device (platform.c, device.c) */                                 \
    X(GetPlatformIDs) X(GetPlatformInfo) X(GetDeviceIDs) X(GetDeviceInfo)         \
    X(CreateSubDevices) X(RetainDevice) X(ReleaseDevice)                          \
    X(CreateSubDevicesEXT) X(RetainDeviceEXT) X(ReleaseDeviceEXT)                 \
    /* context.c */                                                               \
    X(CreateContext) X(CreateContextFromType) X(RetainContext)                    \
    X(ReleaseContext) X(GetContextInfo)                                           \
    /* queue.c */                                                                 \
    X(CreateCommandQueue) X(RetainCommandQueue) X(ReleaseCommandQueue)            \
    X(GetCommandQueueInfo) X(SetCommandQueueProperty) X(Flush) X(Finish)          \
    /* mem.c */                                                                   \
    X(CreateBuffer) X(CreateSubBuffer) X(RetainMemObject) X(ReleaseMemObject)     \
    X(GetMemObjectInfo) X(SetMemObjectDestructorCallback)                         \
    /* enqueue.c */                                                               \
    X(EnqueueReadBuffer) X(EnqueueWriteBuffer) X(EnqueueCopyBuffer)               \
    X(EnqueueFillBuffer) X(EnqueueReadBufferRect) X(EnqueueWriteBufferRect)       \
    X(EnqueueCopyBufferRect) X(EnqueueMapBuffer) X(EnqueueUnmapMemObject)         \
    X(EnqueueMarkerWithWaitList) X(EnqueueBarrierWithWaitList) X(EnqueueMarker)   \
    X(EnqueueBarrier) X(EnqueueWaitForEvents) X(EnqueueMigrateMemObjects)         \
    /* event.c */                                                                 \
    X(WaitForEvents) X(GetEventInfo) X(GetEventProfilingInfo) X(CreateUserEvent)  \
    X(SetUserEventStatus) X(SetEventCallback) X(RetainEvent) X(ReleaseEvent)      \
    /* noimage.c */                                                               \
    X(CreateImage) X(CreateImage2D) X(CreateImage3D) X(GetSupportedImageFormats)  \
    X(GetImageInfo) X(EnqueueReadImage) X(EnqueueWriteImage) X(EnqueueFillImage)  \
    X(EnqueueCopyImage) X(EnqueueCopyImageToBuffer) X(EnqueueCopyBufferToImage)   \
    X(EnqueueMapImage) X(CreateSampler) X(RetainSampler) X(ReleaseSampler)        \
    X(GetSamplerInfo) X(EnqueueNativeKernel)                                      \
    /* program.c, kernel.c, launch.c */                                          \
    X(CreateProgramWithSource) X(CreateProgramWithBinary)                         \
    X(CreateProgramWithBuiltInKernels) X(BuildProgram) X(CompileProgram)          \
    X(LinkProgram) X(UnloadCompiler) X(UnloadPlatformCompiler) X(RetainProgram)   \
    X(ReleaseProgram) X(GetProgramInfo) X(GetProgramBuildInfo) X(CreateKernel)    \
    X(CreateKernelsInProgram) X(RetainKernel) X(ReleaseKernel) X(SetKernelArg)    \
    X(GetKernelInfo) X(GetKernelArgInfo) X(GetKernelWorkGroupInfo)                \
    X(EnqueueNDRangeKernel) X(EnqueueTask)                                        \
    /* nogl.c */                                                                  \
    X(CreateFromGLBuffer) X(CreateFromGLTexture) X(CreateFromGLTexture2D)         \
    X(CreateFromGLTexture3D) X(CreateFromGLRenderbuffer) X(GetGLObjectInfo)       \
    X(GetGLTextureInfo) X(EnqueueAcquireGLObjects) X(EnqueueReleaseGLObjects)     \
    X(GetGLContextInfoKHR) X(CreateEventFromGLsyncKHR) X(CreateFromEGLImageKHR)   \
    X(EnqueueAcquireEGLObjectsKHR) X(EnqueueReleaseEGLObjectsKHR)                 \
    X(CreateEventFromEGLSyncKHR)                                                  \
    /* later.c, context.c: OpenCL 2.0 - 3.0 */                                   \
    X(CreateCommandQueueWithProperties) X(CreateBufferWithProperties)             \
    X(CloneKernel) X(SetContextDestructorCallback) X(CreatePipe) X(GetPipeInfo)   \
    X(SVMAlloc) X(SVMFree) X(EnqueueSVMFree) X(EnqueueSVMMemcpy)                  \
    X(EnqueueSVMMemFill) X(EnqueueSVMMap) X(EnqueueSVMUnmap)                      \
    X(EnqueueSVMMigrateMem) X(CreateSamplerWithProperties)                        \
    X(SetKernelArgSVMPointer) X(SetKernelExecInfo) X(GetKernelSubGroupInfo)       \
    X(GetKernelSubGroupInfoKHR) X(CreateProgramWithIL) X(GetDeviceAndHostTimer)   \
    X(GetHostTimer) X(SetDefaultDeviceCommandQueue) X(SetProgramReleaseCallback)  \
    X(SetProgramSpecializationConstant) X(CreateImageWithProperties)              \
    /* icd.c */                                                                   \
    X(GetExtensionFunctionAddress) X(GetExtensionFunctionAddressForPlatform)

/* the table's other entries are Direct3D and DX9 sharing, whose types
 * exist only on Windows: they stay NULL (tests/unit/test_cl_launch.c
 * counts them) */
#define WQ_CL_DECLARE(name) WQ_CL_API extern __typeof__(cl##name) wq_cl_##name;
WQ_CL_FUNCS(WQ_CL_DECLARE)

/* the golden model behind a device (the model backend: its counters, for
 * `wq run KERNEL.cl`); NULL on other backends or before the device opens */
struct wq_ctx;
WQ_CL_API struct wq_ctx *wq_cl_device_model(cl_device_id d);

#endif
