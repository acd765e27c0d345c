// Kernel in the loop: samples gpio-sim lines through sysfs every 5 ms and writes
// "monotonic_s v1 v2 ..." each time any of them changes (CLOCK_MONOTONIC: the clock of the
// camera's buffer timestamps, so the lines can be set against the service's events).
// Usage: linewatch OUT_FILE SYSFS_VALUE_FILE...
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void read_lines(const int *fds, int count, char *values) {
    for (int i = 0; i < count; i++) {
        char c = '?';
        if (pread(fds[i], &c, 1, 0) != 1) c = '?';
        values[i] = c;
    }
    values[count] = 0;
}

int main(int argc, char **argv) {
    if (argc < 3 || argc > 34) { fprintf(stderr, "usage: linewatch OUT VALUE_FILE...\n"); return 2; }
    int count = argc - 2, fds[32];
    for (int i = 0; i < count; i++)
        if ((fds[i] = open(argv[i + 2], O_RDONLY)) < 0) { perror(argv[i + 2]); return 1; }
    FILE *out = fopen(argv[1], "w");
    if (!out) { perror(argv[1]); return 1; }
    char last[33] = "", now[33];
    struct timespec pause = {0, 5 * 1000 * 1000};
    char again[33];
    for (;;) {
        // The lines are read one by one, so a read can straddle the service's writes (the old
        // value of one line with the new value of the next). A snapshot counts once two reads
        // in a row agree.
        read_lines(fds, count, now);
        for (int tries = 0; tries < 8; tries++) {
            read_lines(fds, count, again);
            if (strcmp(again, now) == 0) break;
            memcpy(now, again, sizeof now);
        }
        if (strcmp(now, last) != 0) {
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            fprintf(out, "%.4f", ts.tv_sec + ts.tv_nsec / 1e9);
            for (int i = 0; i < count; i++) fprintf(out, " %c", now[i]);
            fputc('\n', out);
            fflush(out);
            memcpy(last, now, sizeof now);
        }
        nanosleep(&pause, NULL);
    }
}
