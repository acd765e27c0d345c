#if canImport(Glibc)
import Glibc
#endif

/// Another program installed in the same folder as the running one (`/proc/self/exe`), e.g.
/// `gatespeed-bench` next to `gatespeed`, and the replacement of this process by it (execv(2)).
public enum SiblingExecutable {
    /// The folder of the running executable, from `/proc/self/exe`; nil when it cannot be read.
    public static var ownFolder: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { storage -> Int in
            guard let base = storage.baseAddress else { return -1 }
            return readlink("/proc/self/exe", base, Int(PATH_MAX))
        }
        guard length > 0, length <= Int(PATH_MAX) else { return nil }
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The path of `name` beside the running executable (whether or not it exists).
    public static func path(of name: String) -> String? {
        ownFolder.map { $0 == "/" ? "/" + name : $0 + "/" + name }
    }

    /// Replaces this process by `path` with `arguments` (the first is its name); returns only on
    /// failure, with the reason (ENOENT: not installed; EACCES: not executable).
    public static func replaceProcess(with path: String, arguments: [String]) -> Errno {
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        execv(path, pointers)
        return Errno.current
    }
}
