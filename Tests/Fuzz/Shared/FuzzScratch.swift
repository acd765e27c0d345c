// Shared by every fuzz target: a private scratch directory, and writing an input to a file.
import Glibc

enum FuzzScratch {
    /// `$FUZZ_SCRATCH/NAME-PID` (default /tmp), created empty. Only the fuzz targets write there.
    static func directory(named name: String) -> String {
        let base = getenv("FUZZ_SCRATCH").map { String(cString: $0) } ?? "/tmp"
        let path = "\(base)/gatespeed-fuzz-\(name)-\(getpid())"
        mkdir(path, 0o700)
        return path
    }

    /// Replaces `path` with the `size` bytes at `data`; false when it cannot.
    static func write(_ data: UnsafePointer<UInt8>, _ size: Int, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var written = 0
        while written < size {
            let result = Glibc.write(descriptor, data + written, size - written)
            if result <= 0 { return false }
            written += result
        }
        return true
    }
}
