// Kernel in the loop: feeds vivid's HDMI output (looped into its HDMI input, which the service
// captures) with a five-post course and riders drawn from the clock, not from a frame counter,
// so frames the driver repeats when this feeder falls behind do not slow the riders.
//
// Usage: feeder DEVICE FORMAT TRUTH_FILE RUN...   where RUN is  DELAY_S:KMH:ltr|rtl
//   FORMAT is the capture's pixel format (GREY, YUYV, NV12 or YU12): vivid loops the output into
//   the input only when both have the same format and size, so the feeder follows the service.
//   The feeder shows the empty course until it gets SIGUSR1 (at once when writing a file). Each
//   rider enters DELAY_S seconds after the previous one has left the view (the first: after
//   the signal), crosses the whole view at KMH, and leaves. TRUTH_FILE gets one line
//   per rider: "direction kmh start_monotonic_s end_monotonic_s" (CLOCK_MONOTONIC, the clock of
//   the capture's buffer timestamps). The feeder ends after the last rider plus 6 s of empty
//   course, or at SIGTERM.
//
// The scene: 640x480, posts at 10 30 50 70 90 % of the width, 28 m from the first to the
// last, a textured ground with sensor noise, a dark rider 1.7 m tall with swinging legs.
#include <errno.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

// 8 output buffers, 0.13 s of slack for a feeder that falls behind under emulation (4 lost the
// service's view of the course now and then; 24 did not help either: see the issue 16 note).
enum { W = 640, H = 480, BUFFERS = 8, NOISE_FRAMES = 8, MAX_RUNS = 16 };
static const double COURSE_M = 28.0, FIRST_POST = 0.1, LAST_POST = 0.9, RIDER_M = 1.7, GROUND_Y = 330;

struct run { double delay, kmh; int ltr; double start, end; };

/// With a file instead of a device (a name ending in .raw), frames are written at 59.94 fps of a
/// simulated clock: the same scene, for replaying on the host.
static int to_file = 0;
static double simulated_clock = 0;
static volatile sig_atomic_t go = 0;
static void start_riders(int signal) { (void)signal; go = 1; }

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

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: feeder DEVICE GREY|YUYV|NV12|YU12 TRUTH_FILE DELAY_S:KMH:ltr|rtl...\n"); return 2; }
    if (strcmp(argv[2], "GREY") == 0) { fourcc = V4L2_PIX_FMT_GREY; frame_bytes = W * H; }
    else if (strcmp(argv[2], "YUYV") == 0) { fourcc = V4L2_PIX_FMT_YUYV; frame_bytes = W * H * 2; }
    else if (strcmp(argv[2], "NV12") == 0) { fourcc = V4L2_PIX_FMT_NV12; frame_bytes = W * H * 3 / 2; }
    else if (strcmp(argv[2], "YU12") == 0) { fourcc = V4L2_PIX_FMT_YUV420; frame_bytes = W * H * 3 / 2; }
    else { fprintf(stderr, "feeder: unknown format %s\n", argv[2]); return 2; }
    struct run runs[MAX_RUNS];
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

    int fd = to_file ? -1 : open(argv[1], O_RDWR);
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
    double t = now_s();
    signal(SIGUSR1, start_riders);
    if (to_file) go = 1;
    int scheduled = 0;
    double finish = INFINITY;
    unsigned frame_number = 0;
    double last_dequeue = 0;
    struct dirty drawn[BUFFERS] = {{0, 0}};
    for (unsigned i = 0; !to_file && i < req.count; i++) {
        memcpy(maps[i], backgrounds[i % NOISE_FRAMES], sizes[i] < frame_bytes ? sizes[i] : frame_bytes);
        struct v4l2_buffer b = {.type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP, .index = i, .bytesused = (uint32_t)frame_bytes, .field = V4L2_FIELD_NONE};
        if (xioctl(fd, VIDIOC_QBUF, &b) < 0) die("VIDIOC_QBUF");
    }
    int type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
    if (!to_file && xioctl(fd, VIDIOC_STREAMON, &type) < 0) die("VIDIOC_STREAMON");
    while ((t = now_s()) < finish) {
        if (go && !scheduled) {
            scheduled = 1;
            FILE *truth = fopen(argv[3], "w");
            if (!truth) die(argv[3]);
    for (int i = 0; i < count; i++) {
        double speed = runs[i].kmh / 3.6 * scale; // pixels a second
        runs[i].start = (i == 0 ? t : runs[i - 1].end) + runs[i].delay;
        runs[i].end = runs[i].start + (W + 2 * margin) / speed;
        // The true crossings of the first and last post, for the truth file.
        double first = runs[i].start + (margin + W * FIRST_POST) / speed, last = runs[i].start + (margin + W * LAST_POST) / speed;
        fprintf(truth, "%s %.3f %.6f %.6f\n", runs[i].ltr ? "ltr" : "rtl", runs[i].kmh, first, last);
    }
            fclose(truth);
            finish = runs[count - 1].end + 6;
        }
        struct v4l2_buffer b = {.type = V4L2_BUF_TYPE_VIDEO_OUTPUT, .memory = V4L2_MEMORY_MMAP};
        if (!to_file && xioctl(fd, VIDIOC_DQBUF, &b) < 0) die("VIDIOC_DQBUF");
        // A late feeder: when every queued buffer has been shown, vivid fills the input with its
        // own test pattern, which the service takes for a changed view. Said in the feeder's log.
        double dequeued = now_s();
        if (!to_file && last_dequeue > 0 && dequeued - last_dequeue > BUFFERS * 1001.0 / 60000.0)
            fprintf(stderr, "feeder: %.3f: %.0f ms since the last buffer came back (queue of %d drained)\n",
                    dequeued, (dequeued - last_dequeue) * 1000, BUFFERS);
        last_dequeue = dequeued;
        unsigned index = to_file ? 0 : b.index;
        uint8_t *frame = to_file ? file_frame : maps[index];
        const uint8_t *background = backgrounds[to_file ? frame_number % NOISE_FRAMES : index % NOISE_FRAMES];
        frame_number++;
        if (to_file) memcpy(frame, background, frame_bytes);
        else { restore(frame, background, drawn[index]); drawn[index] = (struct dirty){0, 0}; }
        t = now_s();
        for (int i = 0; scheduled && i < count; i++) {
            if (t < runs[i].start || t > runs[i].end) continue;
            double speed = runs[i].kmh / 3.6 * scale, travelled = (t - runs[i].start) * speed;
            double x = runs[i].ltr ? -margin + travelled : W + margin - travelled;
            draw_rider(frame, x, travelled / (0.6 * RIDER_M * scale) * 3.14159);
            int reach = (int)(0.5 * RIDER_M * scale) + 2;
            if (!to_file) drawn[index] = (struct dirty){(int)x - reach, (int)x + reach + 1};
        }
        if (to_file) {
            if (fwrite(frame, 1, frame_bytes, out) != frame_bytes) die(argv[1]);
            simulated_clock += 1001.0 / 60000.0;
            continue;
        }
        b.bytesused = (uint32_t)frame_bytes;
        b.field = V4L2_FIELD_NONE;
        if (xioctl(fd, VIDIOC_QBUF, &b) < 0) die("VIDIOC_QBUF");
    }
    if (to_file) { fclose(out); return 0; }
    xioctl(fd, VIDIOC_STREAMOFF, &type);
    close(fd);
    return 0;
}
