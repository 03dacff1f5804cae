#include "CWindowsZones.h"

#include <dlfcn.h>
#include <unicode/ucal.h>
#include <unicode/uvernum.h>

// ICU's C functions carry the major version (ucal_getTimeZoneIDForWindowsID_72): the header's
// renaming macro gives the name to look up, the version the library's file name.
#define CWZ_STRING2(x) #x
#define CWZ_STRING(x) CWZ_STRING2(x)

typedef int32_t (*cwz_lookup)(const UChar *, int32_t, const char *, UChar *, int32_t, UErrorCode *);

static cwz_lookup cwz_function(void) {
    static cwz_lookup cached;
    static int tried;
    if (__atomic_load_n(&tried, __ATOMIC_ACQUIRE)) return __atomic_load_n(&cached, __ATOMIC_ACQUIRE);
    void *library = dlopen("libicui18n.so." CWZ_STRING(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libicui18n.so", RTLD_NOW | RTLD_LOCAL);
    cwz_lookup found = NULL;
    if (library != NULL) found = (cwz_lookup)dlsym(library, CWZ_STRING(ucal_getTimeZoneIDForWindowsID));
    __atomic_store_n(&cached, found, __ATOMIC_RELEASE);
    __atomic_store_n(&tried, 1, __ATOMIC_RELEASE);
    return found;
}

int32_t cwz_olson_name(const uint16_t *windows, int32_t length, uint16_t *olson, int32_t capacity) {
    cwz_lookup lookup = cwz_function();
    if (lookup == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = lookup((const UChar *)windows, length, NULL, (UChar *)olson, capacity, &status);
    if (U_FAILURE(status) || written < 0 || written > capacity) return 0;
    return written;
}
