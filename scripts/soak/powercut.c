/* Power-cut shim (LD_PRELOAD) for the soak test: records what a power cut would keep.
 *
 * Model: after a power cut a file holds exactly what it held at its last fsync/fdatasync,
 * and a directory holds exactly the names it had at its last fsync (a rename or a new
 * file that was never followed by an fsync of its directory is lost). Stricter than any
 * real filesystem, which may keep some unsynced data too.
 *
 * On each fsync/fdatasync of a file or directory under $POWERCUT_ROOT, this copies the
 * file's whole content to $POWERCUT_SHADOW/ino-<id> (or the directory's name -> id list to
 * $POWERCUT_SHADOW/dir-<id>) before the call returns, where <id> is the inode number and its
 * birth time: inode numbers are reused as soon as a replaced file is freed; restore.py rebuilds the
 * directory from those copies after the writer is killed. Written atomically (temp file and
 * rename), so a kill during the copy keeps the previous copy.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static int real_sync(int fd, int data) {
    static int (*fsync_fn)(int), (*fdatasync_fn)(int);
    if (!fsync_fn) {
        fsync_fn = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
        fdatasync_fn = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    }
    return data ? fdatasync_fn(fd) : fsync_fn(fd);
}

static int under_root(int fd) {
    static char root[4096];
    char link[64], path[4096];
    if (!root[0] && (!getenv("POWERCUT_ROOT") || !realpath(getenv("POWERCUT_ROOT"), root))) return 0;
    if (!getenv("POWERCUT_SHADOW")) return 0;
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n < 0) return 0;
    path[n] = 0;
    size_t len = strlen(root);
    return strncmp(path, root, len) == 0 && (path[len] == 0 || path[len] == '/');
}

/* Writes the file being recorded as SHADOW/NAME atomically. */
static FILE *open_record(char *tmp, size_t size, const char *name) {
    snprintf(tmp, size, "%s/.%s.%d", getenv("POWERCUT_SHADOW"), name, getpid());
    return fopen(tmp, "w");
}

static void close_record(FILE *out, const char *tmp, const char *name) {
    char final[4096];
    snprintf(final, sizeof final, "%s/%s", getenv("POWERCUT_SHADOW"), name);
    if (fclose(out) == 0) rename(tmp, final); else unlink(tmp);
}

/* "<inode>-<birth seconds>.<nanoseconds>", as `stat -c '%i-%.9W'` prints it. */
static int identity(int dirfd, const char *path, int flags, char *out, size_t size, unsigned *mode) {
    struct statx sx;
    if (statx(dirfd, path, flags, STATX_INO | STATX_BTIME | STATX_TYPE, &sx) != 0) return -1;
    snprintf(out, size, "%llu-%lld.%09u", (unsigned long long)sx.stx_ino, (long long)sx.stx_btime.tv_sec,
             sx.stx_btime.tv_nsec);
    if (mode) *mode = sx.stx_mode;
    return 0;
}

static void record(int fd) {
    char id[96], name[128], tmp[4096], buf[65536];
    unsigned mode;
    if (!under_root(fd) || identity(fd, "", AT_EMPTY_PATH, id, sizeof id, &mode) != 0) return;
    if (S_ISREG(mode)) {
        snprintf(name, sizeof name, "ino-%s", id);
        /* The descriptor may be write-only: read the file through a fresh one. */
        char link[64];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        int in = open(link, O_RDONLY | O_CLOEXEC);
        if (in < 0) return;
        FILE *out = open_record(tmp, sizeof tmp, name);
        if (out) {
            off_t off = 0;
            ssize_t n;
            while ((n = pread(in, buf, sizeof buf, off)) > 0) {
                fwrite(buf, 1, (size_t)n, out);
                off += n;
            }
            close_record(out, tmp, name);
        }
        close(in);
    } else if (S_ISDIR(mode)) {
        snprintf(name, sizeof name, "dir-%s", id);
        int dup_fd = openat(fd, ".", O_RDONLY | O_DIRECTORY);
        DIR *dir = dup_fd >= 0 ? fdopendir(dup_fd) : NULL;
        if (!dir) return;
        FILE *out = open_record(tmp, sizeof tmp, name);
        if (out) {
            struct dirent *e;
            char entry[96];
            while ((e = readdir(dir)) != NULL)
                if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
                    identity(dirfd(dir), e->d_name, AT_SYMLINK_NOFOLLOW, entry, sizeof entry, NULL) == 0)
                    fprintf(out, "%s %s\n", entry, e->d_name);
            close_record(out, tmp, name);
        }
        closedir(dir);
    }
}

int fsync(int fd) {
    int result = real_sync(fd, 0);
    if (result == 0) record(fd);
    return result;
}

int fdatasync(int fd) {
    int result = real_sync(fd, 1);
    if (result == 0) record(fd);
    return result;
}
