/* The filesystem's floor for a vdir export and import (issue 16): the least any program can
 * take here to create, and to read back, the same files `checklists export --format ics` writes.
 *
 *   cc -O2 -pthread -o files-floor bench/files-floor.c
 *   files-floor write SRC DST [THREADS]   copy the tree SRC (one level of folders of files) to
 *                                         the new folder DST; only the creation is timed
 *   files-floor read DIR [THREADS]        read every file in DIR's folders
 *
 * Each file is made the cheapest way: openat(folder fd, O_CREAT|O_EXCL|O_WRONLY), one write,
 * close; each is read with getdents64 (through readdir), openat, one read into a reused buffer,
 * close. With THREADS > 1 the folders are shared out among threads. Prints one line:
 * "files N bytes B wall S cpu S" (seconds; cpu is user + system of all threads).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct file { char *name; char *data; size_t size; };
struct folder { char *name; struct file *files; size_t count; };

static struct folder *folders;
static size_t folder_count;
static const char *target;
static int threads = 1;
static size_t total_files, total_bytes;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static double cpu(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

static void die(const char *what, const char *path) {
    fprintf(stderr, "files-floor: %s %s: %m\n", what, path);
    exit(1);
}

/* Folders of SRC (and, for `write`, their files' bytes) into memory. */
static void load(const char *src, int keep) {
    DIR *top = opendir(src);
    if (!top) die("opendir", src);
    struct dirent *e;
    size_t cap = 0;
    while ((e = readdir(top))) {
        if (e->d_name[0] == '.') continue;
        if (folder_count == cap) folders = realloc(folders, (cap = cap ? cap * 2 : 64) * sizeof *folders);
        struct folder *f = &folders[folder_count++];
        f->name = strdup(e->d_name);
        f->files = NULL;
        f->count = 0;
        if (!keep) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", src, e->d_name);
        DIR *d = opendir(path);
        if (!d) die("opendir", path);
        int dfd = dirfd(d);
        size_t fcap = 0;
        struct dirent *g;
        while ((g = readdir(d))) {
            if (g->d_name[0] == '.') continue;
            if (f->count == fcap) f->files = realloc(f->files, (fcap = fcap ? fcap * 2 : 1024) * sizeof *f->files);
            struct file *x = &f->files[f->count++];
            x->name = strdup(g->d_name);
            int fd = openat(dfd, g->d_name, O_RDONLY | O_CLOEXEC);
            if (fd < 0) die("open", g->d_name);
            struct stat st;
            fstat(fd, &st);
            x->size = st.st_size;
            x->data = malloc(x->size + 1);
            if (read(fd, x->data, x->size) != (ssize_t)x->size) die("read", g->d_name);
            close(fd);
        }
        closedir(d);
    }
    closedir(top);
}

static void *write_part(void *arg) {
    long part = (long)arg;
    for (size_t i = part; i < folder_count; i += threads) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", target, folders[i].name);
        if (mkdir(path, 0700) != 0) die("mkdir", path);
        int dfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd < 0) die("open", path);
        for (size_t j = 0; j < folders[i].count; j++) {
            struct file *x = &folders[i].files[j];
            int fd = openat(dfd, x->name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
            if (fd < 0) die("create", x->name);
            if (write(fd, x->data, x->size) != (ssize_t)x->size) die("write", x->name);
            close(fd);
        }
        close(dfd);
    }
    return NULL;
}

struct tally { size_t files, bytes; };

static void *read_part(void *arg) {
    long part = (long)arg;
    struct tally *t = calloc(1, sizeof *t);
    char *buffer = malloc(1 << 20);
    for (size_t i = part; i < folder_count; i += threads) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", target, folders[i].name);
        DIR *d = opendir(path);
        if (!d) continue;
        int dfd = dirfd(d);
        struct dirent *g;
        while ((g = readdir(d))) {
            if (g->d_name[0] == '.') continue;
            int fd = openat(dfd, g->d_name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
            if (fd < 0) die("open", g->d_name);
            ssize_t n = read(fd, buffer, 1 << 20);
            if (n < 0) die("read", g->d_name);
            close(fd);
            t->files++;
            t->bytes += n;
        }
        closedir(d);
    }
    free(buffer);
    return t;
}

static void run(void *(*body)(void *)) {
    pthread_t ids[64];
    for (long i = 0; i < threads; i++) pthread_create(&ids[i], NULL, body, (void *)i);
    for (long i = 0; i < threads; i++) {
        void *result;
        pthread_join(ids[i], &result);
        if (result) {
            struct tally *t = result;
            total_files += t->files;
            total_bytes += t->bytes;
            free(t);
        }
    }
}

int main(int argc, char **argv) {
    if (argc < 3 || (strcmp(argv[1], "write") == 0 && argc < 4)) {
        fprintf(stderr, "usage: files-floor write SRC DST [THREADS] | read DIR [THREADS]\n");
        return 2;
    }
    int writing = strcmp(argv[1], "write") == 0;
    if (argc > (writing ? 4 : 3)) threads = atoi(argv[writing ? 4 : 3]);
    if (threads < 1 || threads > 64) threads = 1;
    load(argv[2], writing);
    target = writing ? argv[3] : argv[2];
    double c0 = cpu(), t0 = now();
    if (writing) {
        if (mkdir(target, 0700) != 0) die("mkdir", target);
        run(write_part);
        for (size_t i = 0; i < folder_count; i++) {
            total_files += folders[i].count;
            for (size_t j = 0; j < folders[i].count; j++) total_bytes += folders[i].files[j].size;
        }
    } else {
        run(read_part);
    }
    double t1 = now(), c1 = cpu();
    printf("files %zu bytes %zu wall %.3f cpu %.3f\n", total_files, total_bytes, t1 - t0, c1 - c0);
    return 0;
}
