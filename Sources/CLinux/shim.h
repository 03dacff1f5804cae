/* Linux interfaces that Swift's Glibc module does not expose. */
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/file.h>
#include <signal.h>
