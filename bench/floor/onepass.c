/*
 * The machine's floor for one pass over an uncompressed benchmark array, without a JVM: each chunk file mapped,
 * one float64 field summed in place, the file unmapped; files shared out among threads. Prints records per second
 * for 1..N threads, best of REPEAT runs, and the same with the unmapping left to process exit (what a reader that
 * keeps its mappings, and so its resident memory, would see).
 *
 * usage: onepass ARRAY_DIR RECORD_SIZE FIELD_OFFSET THREADS [REPEAT]   (ARRAY_DIR/c/0 .. c/K-1 are the chunks)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *dir;
static long record_size, field_offset, files, threads;
static int keep_mapped;

struct share { long first; double sum; long records; };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *scan(void *arg) {
    struct share *s = arg;
    char path[4096];
    for (long f = s->first; f < files; f += threads) {
        snprintf(path, sizeof path, "%s/c/%ld", dir, f);
        int fd = open(path, O_RDONLY);
        struct stat st;
        if (fd < 0 || fstat(fd, &st) != 0) { perror(path); exit(1); }
        size_t n = st.st_size;
        const char *p = mmap(NULL, n, PROT_READ, MAP_SHARED, fd, 0);
        close(fd);
        if (p == MAP_FAILED) { perror(path); exit(1); }
        for (size_t at = field_offset; at + sizeof(double) <= n; at += record_size) {
            double v;
            memcpy(&v, p + at, sizeof v);
            s->sum += v;
            s->records++;
        }
        if (!keep_mapped) munmap((void *) p, n);
    }
    return NULL;
}

static double pass(long t) {
    pthread_t ids[64];
    struct share shares[64] = {0};
    threads = t;
    double start = now();
    for (long i = 0; i < t; i++) { shares[i].first = i; pthread_create(&ids[i], NULL, scan, &shares[i]); }
    long records = 0;
    for (long i = 0; i < t; i++) { pthread_join(ids[i], NULL); records += shares[i].records; }
    return records / (now() - start);
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: %s ARRAY_DIR RECORD_SIZE FIELD_OFFSET THREADS [REPEAT]\n", argv[0]); return 2; }
    dir = argv[1];
    record_size = atol(argv[2]);
    field_offset = atol(argv[3]);
    long max_threads = atol(argv[4]);
    int repeat = argc > 5 ? atoi(argv[5]) : 5;
    char path[4096];
    struct stat st;
    for (files = 0; snprintf(path, sizeof path, "%s/c/%ld", dir, files), stat(path, &st) == 0; files++) { }
    if (files == 0 || max_threads < 1 || max_threads > 64) { fprintf(stderr, "no chunks at %s/c/0, or THREADS not in 1..64\n", dir); return 2; }
    for (keep_mapped = 0; keep_mapped <= 1; keep_mapped++) {
        for (long t = 1; t <= max_threads; t++) {
            double best = 0;
            for (int r = 0; r < repeat; r++) {
                double rate = pass(t);
                if (rate > best) best = rate;
            }
            printf("c-floor %s threads=%ld Mrecords/s=%.1f\n", keep_mapped ? "map-read-keep" : "map-read-unmap", t, best / 1e6);
        }
    }
    return 0;
}
