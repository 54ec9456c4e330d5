import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``ChildProcess`` that could not be started: its program is missing or not executable,
/// its folder is missing, or the system refused (the `errno` value in ``code``).
package struct ChildProcessError: Error, CustomStringConvertible, Sendable {
    /// The program as given.
    package let program: String
    /// The folder it was to start in, when one was given.
    package let directory: String?
    /// The `errno` value `posix_spawn` or a step before it returned.
    package let code: Int32

    /// The system's words for ``code`` ("No such file or directory").
    package var reason: String { String(cString: strerror(code)) }

    /// "cannot run PROGRAM: REASON", with " in DIRECTORY" when one was given.
    package var description: String {
        "cannot run \(program)" + (directory.map { " in \($0)" } ?? "") + ": \(reason)"
    }
}
