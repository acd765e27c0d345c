import Glibc
import Synchronization

// Heap allocations counted for `gatespeed bench`.
//
// This target defines `gatespeed_counting_malloc` and friends; the linker flags in Package.swift
// make them the executable's `malloc`, `calloc`, `realloc`, `memalign`, `aligned_alloc`,
// `valloc` and `posix_memalign` (`--defsym`) and export them (`--export-dynamic-symbol`), so the
// dynamic linker binds every caller in the process (the Swift runtime, Foundation, FFmpeg...)
// to them: the executable comes first in symbol lookup. (The aliases avoid naming Swift
// functions `malloc`, which the compiler reserves.) Each one forwards to glibc's own allocator
// (`__libc_malloc` and friends), so memory is always glibc's, `free` stays glibc's, and any mix
// of counted and direct calls is correct. While off, counting costs one relaxed atomic load.
//
// These functions must never allocate: they touch only two globals with constant initialisers
// (statically initialised by the compiler, no lazy `swift_once`) and `pthread_self`, which
// reads the thread pointer.

/// The thread whose allocations are counted (0: counting is off).
private let countedThread = Atomic<UInt>(0)
/// Allocations counted since the counter was last reset.
private let countedAllocations = Atomic<Int>(0)

@_silgen_name("__libc_malloc") private func libcMalloc(_ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_calloc") private func libcCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_realloc")
private func libcRealloc(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_memalign") private func libcMemalign(_ alignment: Int, _ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_valloc") private func libcValloc(_ size: Int) -> UnsafeMutableRawPointer?

@inline(__always) private func noteAllocation() {
    let thread = countedThread.load(ordering: .relaxed)
    if thread != 0 && thread == pthread_self() {
        countedAllocations.wrappingAdd(1, ordering: .relaxed)
    }
}

@_cdecl("gatespeed_counting_malloc") public func interposedMalloc(_ size: Int) -> UnsafeMutableRawPointer? {
    noteAllocation()
    return libcMalloc(size)
}

@_cdecl("gatespeed_counting_calloc") public func interposedCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    noteAllocation()
    return libcCalloc(count, size)
}

@_cdecl("gatespeed_counting_realloc") public func interposedRealloc(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
    noteAllocation()
    return libcRealloc(pointer, size)
}

@_cdecl("gatespeed_counting_memalign") public func interposedMemalign(_ alignment: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    noteAllocation()
    return libcMemalign(alignment, size)
}

@_cdecl("gatespeed_counting_aligned_alloc") public func interposedAlignedAlloc(_ alignment: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    noteAllocation()
    return libcMemalign(alignment, size)
}

@_cdecl("gatespeed_counting_valloc") public func interposedValloc(_ size: Int) -> UnsafeMutableRawPointer? {
    noteAllocation()
    return libcValloc(size)
}

/// As glibc: EINVAL unless the alignment is a power of two multiple of the pointer size,
/// ENOMEM when there is no memory; `*result` is untouched on failure.
@_cdecl("gatespeed_counting_posix_memalign")
public func interposedPosixMemalign(_ result: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ alignment: Int,
                             _ size: Int) -> Int32 {
    let pointerSize = MemoryLayout<UnsafeRawPointer>.size
    guard alignment >= pointerSize, alignment % pointerSize == 0, alignment & (alignment - 1) == 0 else {
        return EINVAL
    }
    noteAllocation()
    guard let memory = libcMemalign(alignment, size) else { return ENOMEM }
    result.pointee = memory
    return 0
}

/// Counts the heap allocations the calling thread makes between `start()` and `stop()`.
public enum AllocationCounter {
    /// Starts counting the calling thread's allocations from zero.
    public static func start() {
        countedAllocations.store(0, ordering: .relaxed)
        countedThread.store(pthread_self(), ordering: .relaxed)
    }

    /// Stops counting; the count stays readable.
    public static func stop() {
        countedThread.store(0, ordering: .relaxed)
    }

    /// Allocations counted so far (cheap: one atomic load, no allocation).
    @inline(__always) public static var count: Int { countedAllocations.load(ordering: .relaxed) }

    /// Nil when counting works: an array made inside a counting window must be seen.
    /// Otherwise, why allocations cannot be counted in this build.
    public static func problem() -> String? {
        start()
        let before = count
        let probe = [Int](repeating: 7, count: 1000 + Int(pthread_self() & 1))
        let seen = count - before
        stop()
        guard probe.count >= 1000 else { return "self-check failed" }
        return seen > 0 ? nil
            : "the executable's malloc is not the one the Swift runtime calls (symbol not interposed)"
    }
}
