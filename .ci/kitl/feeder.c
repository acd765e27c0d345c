// Kernel in the loop: feeds vivid's HDMI output (looped into its HDMI input, which the service
// captures) with a five-post course and riders drawn from the clock, not from a frame counter,
// so frames the driver repeats when this feeder falls behind do not slow the riders.
//
// Each buffer is drawn for the moment vivid will show it, not for the moment it is queued:
// vivid's capture copies the head of the output queue, and its output thread takes the head
// away once a frame period (stamping the buffer with CLOCK_MONOTONIC), so a buffer queued
// behind D others is on show from D periods after the latest such stamp, for one period. The
// riders are drawn for the middle of that period. (Drawn for the queueing time, the rider
// lagged by the queue's depth, which shrank whenever the feeder fell behind: a 36 km/h ride
// measured +3.75 % and -8.22 %.) Run it above the service's real-time priority (chrt), as the
// camera it stands for is never starved by the service.
//
// Usage: feeder DEVICE FORMAT TRUTH_FILE RUN...   where RUN is  DELAY_S:KMH:ltr|rtl
//   FORMAT is the capture's pixel format (GREY, YUYV, NV12 or YU12): vivid loops the output into
//   the input only when both have the same format and size, so the feeder follows the service.
//   The feeder shows the empty course; each SIGUSR1 sends the next rider, who enters DELAY_S
//   seconds after the signal (or after the previous rider has left the view, if later), crosses
//   the whole view at KMH, and leaves. So a check sends each rider once the service is armed
//   again, as a rider waits for the ready light: a slow announcement under emulation (eSpeak
//   took 11 s on a loaded host) then delays the ride instead of losing it. When writing a file,
//   each rider comes DELAY_S after the previous one, without signals. TRUTH_FILE gets one line
//   per rider sent: "direction kmh start_monotonic_s end_monotonic_s" (CLOCK_MONOTONIC, the clock of
//   the capture's buffer timestamps), written when the rider is sent. On a device the feeder shows the empty course after the
//   last rider until SIGTERM (had it stopped streaming, vivid's input would show its test
//   pattern, which the service rightly takes for a changed view); then it prints what it
//   measured. A file ends after the last rider plus 6 s of empty course.
//
// The scene: 640x480, posts at 10 30 50 70 90 % of the width, 28 m from the first to the
// last, a textured ground with sensor noise, a dark rider 1.7 m tall with swinging legs.
#include <errno.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

// 3 output buffers: the one on show and two behind it, 33 ms of slack before vivid repeats its
// last frame (it never takes the last queued buffer away, so the loop never falls back to its
// test pattern). Once buffers are drawn for their showing time a deeper queue buys nothing:
// the feeder runs above everything but vivid's own threads, so what makes it late is a stall of
// the whole VM, which leaves every queued buffer stale (6 buffers: a 36 km/h ride was lost to
// such a stall).
enum { W = 640, H = 480, BUFFERS = 3, NOISE_FRAMES = 8, MAX_RUNS = 16 };
static const double PERIOD_S = 1001.0 / 60000.0; // 59.94 fps
static const double COURSE_M = 28.0, FIRST_POST = 0.1, LAST_POST = 0.9, RIDER_M = 1.7, GROUND_Y = 330;

struct run {
    double delay, kmh; int ltr; double start, end;
    /// As shown: the last buffer of this rider seen leaving the screen (mid-time of its showing,
    /// and the rider's x in it), and the crossings of the first and last post (0: not yet).
    double shown_t, shown_x, shown_first, shown_last;
    int shown_written;
};

/// With a file instead of a device (a name ending in .raw), frames are written at 59.94 fps of a
/// simulated clock: the same scene, for replaying on the host.
static int to_file = 0;
static double simulated_clock = 0;
static volatile sig_atomic_t sent = 0, stop = 0;
static void send_rider(int signal) { (void)signal; sent++; }
static void stop_feeding(int signal) { (void)signal; stop = 1; }

static double now_s(void) {
    if (to_file) return simulated_clock;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int xioctl(int fd, unsigned long request, void *arg) {
    int r;
    do { r = ioctl(fd, request, arg); } while (r < 0 && errno == EINTR);
    return r;
}

static void die(const char *what) { fprintf(stderr, "feeder: %s: %s\n", what, strerror(errno)); exit(1); }

static uint8_t backgrounds[NOISE_FRAMES][W * H * 2];
static uint32_t fourcc = V4L2_PIX_FMT_YUYV;
static size_t frame_bytes = W * H * 2;

/// Sets one pixel of a frame in the feeder's format (chroma: the pixel's sample of it).
static inline void put(uint8_t *frame, int x, int y, uint8_t luma, uint8_t u, uint8_t v) {
    switch (fourcc) {
    case V4L2_PIX_FMT_GREY: frame[y * W + x] = luma; break;
    case V4L2_PIX_FMT_YUYV: frame[2 * (y * W + x)] = luma; frame[2 * (y * W + x) + 1] = (x & 1) ? v : u; break;
    case V4L2_PIX_FMT_NV12: {
        frame[y * W + x] = luma;
        uint8_t *uv = frame + W * H + (y / 2) * W + (x & ~1);
        uv[0] = u; uv[1] = v;
        break;
    }
    default: { // YU12
        frame[y * W + x] = luma;
        frame[W * H + (y / 2) * (W / 2) + x / 2] = u;
        frame[W * H + (W / 2) * (H / 2) + (y / 2) * (W / 2) + x / 2] = v;
    }
    }
}

/// The empty course with its posts, and NOISE_FRAMES copies of it with different sensor noise.
static void draw_backgrounds(void) {
    static uint8_t luma[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double sky = y < 200 ? 170 - y * 0.15 : 0;
            double ground = 110 + 12 * sin(x * 0.05) * cos(y * 0.11) + (y - 200) * 0.08;
            luma[y * W + x] = (uint8_t)(y < 200 ? sky : ground);
        }
    for (int p = 0; p < 5; p++) {
        int px = (int)lround(W * (0.1 + 0.2 * p));
        for (int y = (int)GROUND_Y - 60; y <= (int)GROUND_Y; y++)
            for (int x = px - 2; x <= px + 2; x++) luma[y * W + x] = 230;
    }
    uint32_t seed = 12345;
    for (int f = 0; f < NOISE_FRAMES; f++)
        for (int i = 0; i < W * H; i++) {
            seed = seed * 1664525u + 1013904223u;
            int noise = (int)((seed >> 24) % 7) - 3;
            int v = luma[i] + noise;
            put(backgrounds[f], i % W, i / W, (uint8_t)(v < 16 ? 16 : v > 235 ? 235 : v), 128, 128);
        }
}

static void fill_rect(uint8_t *frame, int x0, int y0, int x1, int y1, uint8_t y, uint8_t u, uint8_t v) {
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > W) x1 = W;
    if (y1 > H) y1 = H;
    for (int row = y0; row < y1; row++)
        for (int col = x0; col < x1; col++) put(frame, col, row, y, u, v);
}

/// The columns a buffer's riders were drawn over (restored from the background before the next
/// drawing, so a frame costs a few columns, not a whole copy: under emulation that is what keeps
/// the feeder at the driver's rate).
struct dirty { int x0, x1; };

/// Puts the background back over columns [x0, x1) of the rider's rows.
static void restore(uint8_t *frame, const uint8_t *background, struct dirty d) {
    if (d.x0 < 0) d.x0 = 0;
    if (d.x1 > W) d.x1 = W;
    if (d.x1 <= d.x0) return;
    int top = (int)GROUND_Y - 80, bottom = (int)GROUND_Y + 2;
    for (int y = top; y < bottom; y++)
        for (int x = d.x0; x < d.x1; x++) {
            switch (fourcc) {
            case V4L2_PIX_FMT_GREY: frame[y * W + x] = background[y * W + x]; break;
            case V4L2_PIX_FMT_YUYV: frame[2 * (y * W + x)] = background[2 * (y * W + x)];
                frame[2 * (y * W + x) + 1] = background[2 * (y * W + x) + 1]; break;
            case V4L2_PIX_FMT_NV12: frame[y * W + x] = background[y * W + x];
                frame[W * H + (y / 2) * W + x] = background[W * H + (y / 2) * W + x]; break;
            default: frame[y * W + x] = background[y * W + x];
                frame[W * H + (y / 2) * (W / 2) + x / 2] = background[W * H + (y / 2) * (W / 2) + x / 2];
                frame[W * H + (W / 2) * (H / 2) + (y / 2) * (W / 2) + x / 2] = background[W * H + (W / 2) * (H / 2) + (y / 2) * (W / 2) + x / 2];
            }
        }
}

/// A rider with feet at view x `fx` (pixels), legs `phase` into their stride.
static void draw_rider(uint8_t *frame, double fx, double phase) {
    double scale = W * (LAST_POST - FIRST_POST) / COURSE_M; // pixels a metre
    double h = RIDER_M * scale;
    int x = (int)lround(fx), gy = (int)GROUND_Y;
    int head = (int)lround(h * 0.13), torso = (int)lround(h * 0.35), legs = (int)lround(h * 0.5);
    int half = (int)lround(h * 0.12);
    int swing = (int)lround(h * 0.12 * sin(phase));
    fill_rect(frame, x - half / 2, gy - legs - torso - head, x + half / 2 + 1, gy - legs - torso, 60, 120, 140); // head
    fill_rect(frame, x - half, gy - legs - torso, x + half + 1, gy - legs, 40, 150, 100);                 // torso
    fill_rect(frame, x - 2 + swing, gy - legs, x + 2 + swing, gy + 1, 35, 128, 128);                       // legs
    fill_rect(frame, x - 2 - swing, gy - legs, x + 2 - swing, gy + 1, 35, 128, 128);
}

/// One buffer of rider `r` has left the screen: it was on show around `t` with the rider at `x`.
/// The rider's crossings of the first and last post as the camera was shown them (interpolated
/// between the buffers either side), which differ from the drawn ones when the VM's stalls left
/// a buffer on show longer than planned. Once both are known: "shown N dir kmh first last" in
/// the truth file (N counts riders from 1).
static void shown_crossings(struct run *run, int r, double t, double x, FILE *truth) {
    double lines[2] = {W * FIRST_POST, W * LAST_POST};
    if (!run->ltr) { lines[0] = W * LAST_POST; lines[1] = W * FIRST_POST; }
    if (run->shown_t > 0 && x != run->shown_x) {
        for (int k = 0; k < 2; k++) {
            double line = lines[k], *when = k == 0 ? &run->shown_first : &run->shown_last;
            if (*when > 0 || (run->shown_x - line) * (x - line) > 0 || x == line) continue;
            *when = run->shown_t + (line - run->shown_x) / (x - run->shown_x) * (t - run->shown_t);
        }
        if (!run->shown_written && run->shown_first > 0 && run->shown_last > run->shown_first) {
            fprintf(truth, "shown %d %s %.3f %.6f %.6f\n", r + 1, run->ltr ? "ltr" : "rtl", run->kmh,
                    run->shown_first, run->shown_last);
            fflush(truth);
            run->shown_written = 1;
        }
    }
    run->shown_t = t;
    run->shown_x = x;
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: feeder DEVICE GREY|YUYV|NV12|YU12 TRUTH_FILE DELAY_S:KMH:ltr|rtl...\n"); return 2; }
    if (strcmp(argv[2], "GREY") == 0) { fourcc = V4L2_PIX_FMT_GREY; frame_bytes = W * H; }
    else if (strcmp(argv[2], "YUYV") == 0) { fourcc = V4L2_PIX_FMT_YUYV; frame_bytes = W * H * 2; }
    else if (strcmp(argv[2], "NV12") == 0) { fourcc = V4L2_PIX_FMT_NV12; frame_bytes = W * H * 3 / 2; }
    else if (strcmp(argv[2], "YU12") == 0) { fourcc = V4L2_PIX_FMT_YUV420; frame_bytes = W * H * 3 / 2; }
    else { fprintf(stderr, "feeder: unknown format %s\n", argv[2]); return 2; }
    struct run runs[MAX_RUNS] = {{0}};
    int count = 0;
    for (int i = 4; i < argc && count < MAX_RUNS; i++, count++) {
        char dir[8] = "";
        if (sscanf(argv[i], "%lf:%lf:%7s", &runs[count].delay, &runs[count].kmh, dir) != 3) {
            fprintf(stderr, "feeder: bad run %s\n", argv[i]);
            return 2;
        }
        runs[count].ltr = strcmp(dir, "ltr") == 0;
    }
    draw_backgrounds();
    size_t name_length = strlen(argv[1]);
    to_file = name_length > 4 && strcmp(argv[1] + name_length - 4, ".raw") == 0;
    static uint8_t file_frame[W * H * 2];
    FILE *out = to_file ? fopen(argv[1], "wb") : NULL;
    if (to_file && !out) die(argv[1]);

    int fd = to_file ? -1 : open(argv[1], O_RDWR | O_NONBLOCK);
    struct v4l2_requestbuffers req = {.count = BUFFERS, .type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP};
    uint8_t *maps[BUFFERS];
    size_t sizes[BUFFERS];
    if (!to_file) {
    if (fd < 0) die(argv[1]);
    struct v4l2_format fmt = {.type = V4L2_BUF_TYPE_VIDEO_OUTPUT};
    fmt.fmt.pix.width = W;
    fmt.fmt.pix.height = H;
    fmt.fmt.pix.pixelformat = fourcc;
    fmt.fmt.pix.field = V4L2_FIELD_NONE;
    if (xioctl(fd, VIDIOC_S_FMT, &fmt) < 0) die("VIDIOC_S_FMT");
    if (fmt.fmt.pix.width != W || fmt.fmt.pix.height != H) { fprintf(stderr, "feeder: output is %ux%u\n", fmt.fmt.pix.width, fmt.fmt.pix.height); return 1; }
    if (xioctl(fd, VIDIOC_REQBUFS, &req) < 0) die("VIDIOC_REQBUFS");
    if (req.count < 2 || req.count > BUFFERS) { fprintf(stderr, "feeder: the driver gave %u output buffers\n", req.count); return 1; }
    for (unsigned i = 0; i < req.count; i++) {
        struct v4l2_buffer b = {.type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP, .index = i};
        if (xioctl(fd, VIDIOC_QUERYBUF, &b) < 0) die("VIDIOC_QUERYBUF");
        maps[i] = mmap(NULL, b.length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, b.m.offset);
        if (maps[i] == MAP_FAILED) die("mmap");
        sizes[i] = b.length;
    }
    }

    double scale = W * (LAST_POST - FIRST_POST) / COURSE_M;
    double margin = 40; // pixels beyond each edge where a rider starts and ends
    signal(SIGUSR1, send_rider);
    signal(SIGTERM, stop_feeding);
    int scheduled = 0; // riders sent so far
    FILE *truth = fopen(argv[3], "w");
    if (!truth) die(argv[3]);
    double finish = INFINITY;
    unsigned frame_number = 0;
    struct dirty drawn[BUFFERS] = {{0, 0}};
    // Which rider each buffer shows (-1: none), and where: for the crossings as shown.
    int drawn_ride[BUFFERS];
    double drawn_x[BUFFERS];
    for (int i = 0; i < BUFFERS; i++) drawn_ride[i] = -1;
    // What the feeder measured, for its log: frames queued, the output's frame steps (from the
    // driver's stamps), how often vivid had taken every buffer but the one on show (it then
    // repeats that frame), and how late the feeder was to buffers coming back.
    unsigned queued_total = 0, repeats = 0, long_steps = 0;
    double last_shown = 0, longest_step = 0, worst_late = 0;
    unsigned held[BUFFERS], held_count = 0;

    // Draws buffer `index` (or the file's frame) as the course looks at time `t`.
    #define DRAW(frame, index, t) do { \
        for (int r = 0; r < scheduled; r++) { \
            if ((t) < runs[r].start || (t) > runs[r].end) continue; \
            double speed = runs[r].kmh / 3.6 * scale, travelled = ((t) - runs[r].start) * speed; \
            double x = runs[r].ltr ? -margin + travelled : W + margin - travelled; \
            draw_rider(frame, x, travelled / (0.6 * RIDER_M * scale) * 3.14159); \
            int reach = (int)(0.5 * RIDER_M * scale) + 2; \
            if (!to_file) { drawn[index] = (struct dirty){(int)x - reach, (int)x + reach + 1}; \
                            drawn_ride[index] = r; drawn_x[index] = x; } \
        } \
    } while (0)

    for (unsigned i = 0; !to_file && i < req.count; i++) {
        memcpy(maps[i], backgrounds[i % NOISE_FRAMES], sizes[i] < frame_bytes ? sizes[i] : frame_bytes);
        struct v4l2_buffer b = {.type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP, .index = i, .bytesused = (uint32_t)frame_bytes, .field = V4L2_FIELD_NONE};
        if (xioctl(fd, VIDIOC_QBUF, &b) < 0) die("VIDIOC_QBUF");
    }
    int type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
    if (!to_file && xioctl(fd, VIDIOC_STREAMON, &type) < 0) die("VIDIOC_STREAMON");
    double t;
    while ((t = now_s()) < finish && !stop) {
        if (scheduled < count && (to_file || sent > scheduled)) {
            int i = scheduled++;
            double speed = runs[i].kmh / 3.6 * scale; // pixels a second
            double after = i == 0 ? t : (to_file || runs[i - 1].end > t ? runs[i - 1].end : t);
            runs[i].start = after + runs[i].delay;
            runs[i].end = runs[i].start + (W + 2 * margin) / speed;
            // The true crossings of the first and last post, for the truth file.
            double first = runs[i].start + (margin + W * FIRST_POST) / speed, last = runs[i].start + (margin + W * LAST_POST) / speed;
            fprintf(truth, "%s %.3f %.6f %.6f\n", runs[i].ltr ? "ltr" : "rtl", runs[i].kmh, first, last);
            fflush(truth);
            if (to_file && scheduled == count) finish = runs[count - 1].end + 6;
        }
        if (to_file) {
            memcpy(file_frame, backgrounds[frame_number++ % NOISE_FRAMES], frame_bytes);
            DRAW(file_frame, 0, t);
            if (fwrite(file_frame, 1, frame_bytes, out) != frame_bytes) die(argv[1]);
            simulated_clock += PERIOD_S;
            continue;
        }
        // Every buffer the output is done with: wait for the first, then take the rest.
        struct v4l2_buffer b = {.type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP};
        if (xioctl(fd, VIDIOC_DQBUF, &b) < 0) {
            if (errno != EAGAIN) die("VIDIOC_DQBUF");
            struct pollfd waiting = {.fd = fd, .events = POLLOUT};
            if (poll(&waiting, 1, 1000) < 0 && errno != EINTR) die("poll");
            continue;
        }
        double now = now_s();
        if (last_shown == 0) {
            // The first buffer back: vivid's output shows the course, and so does its input.
            fprintf(stderr, "feeder: streaming\n");
            fflush(stderr);
        }
        do {
            held[held_count++] = b.index;
            // The driver's stamp: when this buffer left the screen and the next came on.
            double shown = b.timestamp.tv_sec + b.timestamp.tv_usec / 1e6;
            if (fabs(shown - now) > 1.0) shown = now; // no usable stamp: the feeder's clock
            if (last_shown > 0) {
                double step = shown - last_shown;
                if (step > longest_step) longest_step = step;
                if (step > 1.5 * PERIOD_S) long_steps++;
                // A frozen VM stops vivid's threads too: the camera saw nothing new meanwhile.
                if (step > 0.3) fprintf(stderr, "feeder: %.3f: the output stood still for %.0f ms\n", shown, step * 1000);
                int r = drawn_ride[b.index];
                if (r >= 0) shown_crossings(&runs[r], r, (last_shown + shown) / 2, drawn_x[b.index], truth);
            }
            if (now - shown > worst_late) worst_late = now - shown;
            last_shown = shown;
            b = (struct v4l2_buffer){.type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP};
        } while (held_count < req.count && xioctl(fd, VIDIOC_DQBUF, &b) == 0);
        // The buffers still queued: the one on show since last_shown, and those behind it.
        unsigned ahead = req.count - held_count;
        if (ahead <= 1) {
            repeats++;
            fprintf(stderr, "feeder: %.3f: vivid had taken every buffer but the one on show (%.0f ms late)\n",
                    now, (now - last_shown) * 1000);
        }
        for (unsigned h = 0; h < held_count; h++, ahead++) {
            unsigned index = held[h];
            uint8_t *frame = maps[index];
            restore(frame, backgrounds[index % NOISE_FRAMES], drawn[index]);
            drawn[index] = (struct dirty){0, 0};
            drawn_ride[index] = -1;
            // On show from `ahead` frame periods after last_shown (or at once, if that is past).
            double on_show = last_shown + ahead * PERIOD_S;
            if (on_show < now) on_show = now;
            double mid = on_show + PERIOD_S / 2;
            DRAW(frame, index, mid);
            struct v4l2_buffer q = {.type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP, .index = index,
                                    .bytesused = (uint32_t)frame_bytes, .field = V4L2_FIELD_NONE};
            if (xioctl(fd, VIDIOC_QBUF, &q) < 0) die("VIDIOC_QBUF");
            queued_total++;
        }
        held_count = 0;
    }
    fclose(truth);
    if (to_file) { fclose(out); return 0; }
    fprintf(stderr, "feeder: %u frames queued; output steps up to %.0f ms (%u over 1.5 periods); "
            "vivid repeated its last frame %u times; buffers came back up to %.0f ms before the feeder took them\n",
            queued_total, longest_step * 1000, long_steps, repeats, worst_late * 1000);
    xioctl(fd, VIDIOC_STREAMOFF, &type);
    close(fd);
    return 0;
}
