#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates folders, with their parents, as `mkdir -p` does.
package enum FolderMaker {
    /// Creates `path` and any missing parent; throws ``FileError/cannotCreate(path:reason:)``.
    package static func make(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw FileError.cannotCreate(path: prefix, reason: FileError.reason())
            }
            var status = stat()
            guard stat(prefix, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
                throw FileError.cannotCreate(path: prefix, reason: "not a folder")
            }
            prefix += "/"
        }
    }
}
