import Foundation

/// Turns the configured camera name into a device path.
///
/// A name with a "/" is used as given. A bare name is looked up, in order, as
/// `<root>/<name>` ("video0"), `<root>/v4l/by-id/<name>` and `<root>/v4l/by-path/<name>`.
/// When none exists (camera unplugged), the path it would have is returned, so the
/// "cannot open" message names the right place: by-path for "pci-…"/"platform-…" names,
/// /dev for "video…", else by-id.
/// Stable names are resolved again on every (re)open, so a webcam re-plugged as video2 is
/// found under its old by-id name.
public enum DevicePathResolver {
    public static func resolve(_ name: String, deviceRoot: String = "/dev") -> String {
        if name.contains("/") { return name }
        let manager = FileManager.default
        for folder in ["", "/v4l/by-id", "/v4l/by-path"] {
            let candidate = deviceRoot + folder + "/" + name
            if manager.fileExists(atPath: candidate) { return candidate }
        }
        if name.hasPrefix("video") { return deviceRoot + "/" + name }
        let folder = name.hasPrefix("pci-") || name.hasPrefix("platform-") ? "/v4l/by-path/" : "/v4l/by-id/"
        return deviceRoot + folder + name
    }

    /// The stable names (full paths under by-id and by-path) that are links to `devicePath`.
    public static func stableNames(for devicePath: String, deviceRoot: String = "/dev") -> (byID: String?, byPath: String?) {
        let target = URL(fileURLWithPath: devicePath).resolvingSymlinksInPath().path
        func find(in folder: String) -> String? {
            let directory = deviceRoot + folder
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
            return entries.sorted().lazy.map { directory + "/" + $0 }.first { link in
                URL(fileURLWithPath: link).resolvingSymlinksInPath().path == target
            }
        }
        return (find(in: "/v4l/by-id"), find(in: "/v4l/by-path"))
    }
}
