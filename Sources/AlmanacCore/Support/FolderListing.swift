#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of a folder given as an input (a calendar folder, a vdir).
package enum FolderListing {
    /// One entry: its name and whether it is a folder itself.
    package struct Entry: Hashable, Sendable {
        package var name: String
        package var isFolder: Bool
    }

    /// Whether `path` is a folder (following symbolic links).
    package static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The entries of the folder `path` other than `.` and `..`, sorted by the bytes of
    /// their names (the same order on every system). Throws
    /// ``FileError/unreadable(path:reason:)`` when it cannot be listed.
    package static func entries(of path: String) throws -> [Entry] {
        guard let folder = opendir(path) else {
            if errno == ENOENT { throw FileError.notFound(path: path) }
            throw FileError.unreadable(path: path, reason: FileError.reason())
        }
        defer { closedir(folder) }
        // Each name with its UTF-8 bytes, sorted by them with `memcmp` (comparing the Strings'
        // UTF-8 views element by element cost about a thousand instructions a comparison).
        var entries: [(bytes: [UInt8], entry: Entry)] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            // The entry's type says whether it is a folder; only a link (which may lead to one)
            // or a file system that does not say needs a `stat`.
            let type = Int32(entry.pointee.d_type)
            let folder = type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) ? isFolder(join(path, name)) : type == Int32(DT_DIR)
            entries.append((Array(name.utf8), Entry(name: name, isFolder: folder)))
        }
        entries.sort { precedes($0.bytes, $1.bytes) }
        return entries.map(\.entry)
    }

    /// Whether `left` sorts before `right` by their bytes (a prefix first).
    private static func precedes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        let common = min(left.count, right.count)
        let order = left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common) }
        }
        return order != 0 ? order < 0 : left.count < right.count
    }

    /// `name` inside the folder `path`.
    package static func join(_ path: String, _ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }
}
