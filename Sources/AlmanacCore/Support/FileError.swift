#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An input or output file that could not be used, with the system's reason.
package enum FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input does not exist.
    case notFound(path: String)
    /// The input exists but cannot be read (permissions, a folder, …).
    case unreadable(path: String, reason: String)
    /// The output (or its temporary file) cannot be created in its folder.
    case cannotCreate(path: String, reason: String)
    /// Reading or writing failed part-way (a full disk, a broken pipe, …).
    case ioFailed(path: String, reason: String)

    package var description: String {
        switch self {
        case .notFound(let path): return "\(path): no such file"
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .cannotCreate(let path, let reason): return "\(path): cannot create: \(reason)"
        case .ioFailed(let path, let reason): return "\(path): \(reason)"
        }
    }

    /// The text of the current `errno`.
    static func reason(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
