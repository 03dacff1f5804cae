#include <keyutils.h>
#include <sys/prctl.h>
#include <sys/resource.h>

/* prctl is variadic, so Swift cannot call it: this is the one call we need. */
static inline int checklists_set_dumpable(int dumpable) {
    return prctl(PR_SET_DUMPABLE, (unsigned long)dumpable, 0UL, 0UL, 0UL);
}
