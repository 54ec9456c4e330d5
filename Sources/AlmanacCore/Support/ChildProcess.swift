import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program started with `posix_spawn` (`posix_spawnp` for a bare name, found on this
/// process's PATH), with pipes to its standard streams where asked, waited for with `waitpid`.
///
/// Foundation's `Process` is not used: swift-corelibs-foundation's `Process.run()` reads past
/// the end of a buffer while it looks for descriptors to close, and crashes now and then.
/// The descriptors made here are close-on-exec, and where the C library has
/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later) every other descriptor
/// the parent has open, but the three streams, is closed in the child too; elsewhere one that
/// other code opened without close-on-exec is inherited. Signals start at their defaults,
/// unblocked.
///
/// ``exchange(_:timeout:)`` feeds standard input while it reads standard output and standard
/// error, in one thread, and waits for the end; ``run(_:_:input:directory:environment:timeout:)``
/// does all of it at once.
package final class ChildProcess {
    /// Where one of the child's standard streams goes.
    package enum Stream {
        /// A pipe whose other end the parent holds (``input``, ``output``, ``errors``).
        case pipe
        /// The parent's own stream.
        case inherit
        /// `/dev/null`.
        case nullDevice
        /// A descriptor the parent opened; it stays the parent's to close.
        case descriptor(Int32)
    }

    /// How the child ended.
    package enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)

        /// The exit status, or the number of the signal that ended it (as Foundation's
        /// `Process.terminationStatus`).
        package var status: Int32 {
            switch self {
            case .exited(let status), .signaled(let status): status
            }
        }
    }

    /// What an ``exchange(_:timeout:)`` collected.
    package struct Outcome: Sendable {
        /// How the child ended.
        package var termination: Termination
        /// What it wrote on standard output (when that was a pipe).
        package var stdout: [UInt8]
        /// What it wrote on standard error (when that was a pipe).
        package var stderr: [UInt8]
        /// Whether it ran past the time limit and was killed (`SIGKILL`).
        package var timedOut: Bool
    }

    /// The child's process ID.
    package let pid: pid_t
    /// The parent's end of the child's standard input, when that is a pipe and not closed yet.
    package internal(set) var input: Int32?
    /// The parent's end of the child's standard output, when that is a pipe and not closed yet.
    package internal(set) var output: Int32?
    /// The parent's end of the child's standard error, when that is a pipe and not closed yet.
    package internal(set) var errors: Int32?
    /// How it ended, once waited for.
    private var ended: Termination?

    /// Starts `program` with `arguments` in `directory` (this process's when `nil`), with
    /// `environment` (this process's when `nil`). Throws ``ChildProcessError`` when it cannot
    /// be started (a missing or non-executable program, a missing folder).
    package init(
        _ program: String, _ arguments: [String], directory: String? = nil, environment: [String: String]? = nil,
        input: Stream = .pipe, output: Stream = .pipe, errors: Stream = .pipe
    ) throws(ChildProcessError) {
        var spawn = SpawnSetup()
        defer { spawn.release() }
        let streams = [input, output, errors]
        var parentEnds: [Int32?] = [nil, nil, nil]
        defer {
            // The pipes' child ends, and what was opened for it: the child has its own copies.
            for descriptor in spawn.childEnds { close(descriptor) }
        }
        do {
            for (target, stream) in streams.enumerated() {
                parentEnds[target] = try spawn.connect(Int32(target), to: stream)
            }
            if let directory { try spawn.changeDirectory(to: directory) }
            spawn.closeTheRest()
            pid = try spawn.start(program, arguments, environment: environment)
        } catch {
            for case let descriptor? in parentEnds { close(descriptor) }
            throw ChildProcessError(program: program, directory: directory, code: error.code)
        }
        self.input = parentEnds[0]
        self.output = parentEnds[1]
        self.errors = parentEnds[2]
    }

    /// Closes the pipes still open and, unless the child was waited for, stops it
    /// (`SIGKILL`) and waits for it: a child its owner let go would otherwise stay a zombie,
    /// and waiting for one that reads an inherited standard input could block for ever.
    deinit {
        closeInput()
        for descriptor in [output, errors] { if let descriptor { close(descriptor) } }
        if ended == nil, endedYet() == nil {
            send(SIGKILL)
            _ = wait()
        }
    }

    /// Starts `program` and exchanges `input` for its outputs (see ``exchange(_:timeout:)``).
    package static func run(
        _ program: String, _ arguments: [String], input: [UInt8] = [], directory: String? = nil,
        environment: [String: String]? = nil, timeout: Double? = nil
    ) throws(ChildProcessError) -> Outcome {
        let child = try ChildProcess(program, arguments, directory: directory, environment: environment)
        return child.exchange(input, timeout: timeout)
    }

    /// Closes the child's standard input (it reads its end), when that is a pipe.
    package func closeInput() {
        if let input { close(input) }
        input = nil
    }

    /// Sends `signal` to the child, unless it has been waited for.
    package func send(_ signal: Int32) {
        if ended == nil { _ = kill(pid, signal) }
    }

    /// Waits for the child to end (at once when it has been waited for).
    package func wait() -> Termination {
        if let ended { return ended }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return record(.exited(-1)) }
        }
        return record(Self.termination(status))
    }

    /// How the child ended, `nil` while it runs.
    package func endedYet() -> Termination? {
        if let ended { return ended }
        var status: Int32 = 0
        let found = waitpid(pid, &status, WNOHANG)
        if found == 0 || (found < 0 && errno == EINTR) { return nil }
        return record(found < 0 ? .exited(-1) : Self.termination(status))
    }

    private func record(_ termination: Termination) -> Termination {
        ended = termination
        return termination
    }

    /// `WIFSIGNALED`/`WTERMSIG`, else `WEXITSTATUS`, of a `waitpid` status.
    private static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }
}
