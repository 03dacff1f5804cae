#include "CLazyLibs.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

enum { CL_GIO, CL_SECRET, CL_PAM, CL_LIBRARY_COUNT };

static const char *const cl_library_names[CL_LIBRARY_COUNT] = {
    "libgio-2.0.so.0", "libsecret-1.so.0", "libpam.so.0"};

/// The library's handle, opened on first use. A library that cannot be loaded is a broken
/// installation: say which and stop, as the dynamic linker would have at start.
static void *cl_library(int which) {
    static void *handles[CL_LIBRARY_COUNT];
    void *handle = __atomic_load_n(&handles[which], __ATOMIC_ACQUIRE);
    if (handle == NULL) {
        handle = dlopen(cl_library_names[which], RTLD_NOW | RTLD_GLOBAL);
        if (handle == NULL) {
            fprintf(stderr, "checklists: cannot load %s: %s\n", cl_library_names[which], dlerror());
            exit(127);
        }
        __atomic_store_n(&handles[which], handle, __ATOMIC_RELEASE);
    }
    return handle;
}

/// The address of `name` in the library, looked up once.
static void *cl_symbol(int which, void **cache, const char *name) {
    void *address = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (address == NULL) {
        address = dlsym(cl_library(which), name);
        if (address == NULL) {
            fprintf(stderr, "checklists: %s has no %s\n", cl_library_names[which], name);
            exit(127);
        }
        __atomic_store_n(cache, address, __ATOMIC_RELEASE);
    }
    return address;
}

#define CL_DEFINE_GIO(type, name, parameters, arguments) CL_DEFINE_IN(CL_GIO, type, name, parameters, arguments)
#define CL_DEFINE_SECRET(type, name, parameters, arguments) \
    CL_DEFINE_IN(CL_SECRET, type, name, parameters, arguments)
#define CL_DEFINE_PAM(type, name, parameters, arguments) CL_DEFINE_IN(CL_PAM, type, name, parameters, arguments)
#define CL_DEFINE_IN(library, type, name, parameters, arguments)                            \
    type cl_##name parameters {                                                             \
        static void *cache;                                                                 \
        __typeof__(&name) cl_real = (__typeof__(&name))cl_symbol(library, &cache, #name); \
        return cl_real arguments;                                                           \
    }

#pragma clang diagnostic ignored "-Wpedantic"
CL_GIO_FUNCTIONS(CL_DEFINE_GIO)
CL_SECRET_FUNCTIONS(CL_DEFINE_SECRET)
CL_PAM_FUNCTIONS(CL_DEFINE_PAM)
