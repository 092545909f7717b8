/* nogl.c -- OpenGL and EGL sharing: the platform offers neither
 * cl_khr_gl_sharing nor cl_khr_egl_image, so no context is ever created
 * from a GL or EGL context and no memory object is a GL/EGL object.  The
 * ICD loader still routes these calls to the dispatch table, so each one
 * answers with the code OpenCL gives for exactly that situation instead of
 * leaving a NULL entry for the loader to jump through. */
#include "cl_int.h"

static cl_mem no_gl_mem(cl_context ctx, cl_int *errcode_ret)
{
    wq_cl_lock();
    (void)ctx;                         /* valid or not: never a GL context */
    return wq_cl_unlock_ptr(NULL, CL_INVALID_CONTEXT, errcode_ret);
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateFromGLBuffer(cl_context ctx, cl_mem_flags f, cl_GLuint obj, cl_int *errcode_ret)
{
    return no_gl_mem(ctx, errcode_ret);
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateFromGLTexture(cl_context ctx, cl_mem_flags f, cl_GLenum t, cl_GLint level,
                          cl_GLuint tex, cl_int *errcode_ret)
{
    return no_gl_mem(ctx, errcode_ret);
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateFromGLTexture2D(cl_context ctx, cl_mem_flags f, cl_GLenum t, cl_GLint level,
                            cl_GLuint tex, cl_int *errcode_ret)
{
    return no_gl_mem(ctx, errcode_ret);
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateFromGLTexture3D(cl_context ctx, cl_mem_flags f, cl_GLenum t, cl_GLint level,
                            cl_GLuint tex, cl_int *errcode_ret)
{
    return no_gl_mem(ctx, errcode_ret);
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateFromGLRenderbuffer(cl_context ctx, cl_mem_flags f, cl_GLuint rb, cl_int *errcode_ret)
{
    return no_gl_mem(ctx, errcode_ret);
}

static cl_int not_gl_object(cl_mem m)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(wq_cl_mem_ok(m) ? CL_INVALID_GL_OBJECT : CL_INVALID_MEM_OBJECT);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetGLObjectInfo(cl_mem m, cl_gl_object_type *type, cl_GLuint *name)
{
    return not_gl_object(m);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetGLTextureInfo(cl_mem m, cl_gl_texture_info p, size_t n, void *v, size_t *nr)
{
    return not_gl_object(m);
}

static cl_int no_gl_queue(cl_command_queue q, cl_int why)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(wq_cl_queue_ok(q) ? why : CL_INVALID_COMMAND_QUEUE);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueAcquireGLObjects(cl_command_queue q, cl_uint n, const cl_mem *m, cl_uint nw,
                              const cl_event *w, cl_event *e)
{
    return no_gl_queue(q, CL_INVALID_CONTEXT);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueReleaseGLObjects(cl_command_queue q, cl_uint n, const cl_mem *m, cl_uint nw,
                              const cl_event *w, cl_event *e)
{
    return no_gl_queue(q, CL_INVALID_CONTEXT);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetGLContextInfoKHR(const cl_context_properties *props, cl_gl_context_info p, size_t n,
                          void *v, size_t *nr)
{
    return CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR;
}

WQ_CL_API cl_event CL_API_CALL
wq_cl_CreateEventFromGLsyncKHR(cl_context ctx, cl_GLsync sync, cl_int *errcode_ret)
{
    wq_cl_lock();
    return wq_cl_unlock_ptr(NULL, CL_INVALID_CONTEXT, errcode_ret);
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateFromEGLImageKHR(cl_context ctx, CLeglDisplayKHR dpy, CLeglImageKHR img,
                            cl_mem_flags f, const cl_egl_image_properties_khr *props,
                            cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = wq_cl_context_ok(ctx) ? CL_INVALID_EGL_OBJECT_KHR : CL_INVALID_CONTEXT;
    return wq_cl_unlock_ptr(NULL, rc, errcode_ret);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueAcquireEGLObjectsKHR(cl_command_queue q, cl_uint n, const cl_mem *m, cl_uint nw,
                                  const cl_event *w, cl_event *e)
{
    return no_gl_queue(q, CL_INVALID_EGL_OBJECT_KHR);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueReleaseEGLObjectsKHR(cl_command_queue q, cl_uint n, const cl_mem *m, cl_uint nw,
                                  const cl_event *w, cl_event *e)
{
    return no_gl_queue(q, CL_INVALID_EGL_OBJECT_KHR);
}

WQ_CL_API cl_event CL_API_CALL
wq_cl_CreateEventFromEGLSyncKHR(cl_context ctx, CLeglSyncKHR sync, CLeglDisplayKHR dpy,
                                cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = wq_cl_context_ok(ctx) ? CL_INVALID_EGL_OBJECT_KHR : CL_INVALID_CONTEXT;
    return wq_cl_unlock_ptr(NULL, rc, errcode_ret);
}
