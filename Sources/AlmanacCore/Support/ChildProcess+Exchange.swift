import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcess {
    /// Writes `input` to the child's standard input and closes it (`nil`: leaves standard
    /// input as it is, open when it is a pipe), while reading its standard output and
    /// standard error to their ends, all in this thread (`poll`), so that no pipe fills up
    /// and blocks either side; then waits for the child.
    ///
    /// A child that exits, or closes its input, before reading all of it is no error: the rest
    /// is dropped (`SIGPIPE` is blocked in this thread while it writes, never delivered).
    /// A child still running after `timeout` seconds is killed (`SIGKILL`); what it wrote
    /// until then is kept, and its outputs are read for at most a second more (a program it
    /// started may hold them open).
    package func exchange(_ bytes: [UInt8]?, timeout: Double? = nil) -> Outcome {
        // A timeout that is not a finite number of seconds (NaN, infinity) is no timeout.
        var deadline = timeout.flatMap { $0.isFinite ? Self.now() + max($0, 0) : nil }
        var timedOut = false
        var pending = ArraySlice(bytes ?? [])
        if bytes != nil, pending.isEmpty { closeInput() }
        let writing = bytes != nil
        if writing, let input {
            _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
            #if canImport(Darwin)
            _ = fcntl(input, F_SETNOSIGPIPE, 1)
            #endif
        }
        let quiet = PipeSignalBlock()
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while (writing && input != nil) || output != nil || errors != nil {
            var watched: [pollfd] = []
            if writing, let input { watched.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            for case let descriptor? in [output, errors] { watched.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            var milliseconds: Int32 = -1
            if let end = deadline {
                let left = end - Self.now()
                if left <= 0 {
                    // A child that writes all the time never lets a poll run out: the clock is
                    // looked at before each one.
                    guard !timedOut else { break }
                    timedOut = true
                    send(SIGKILL)
                    deadline = Self.now() + 1
                    continue
                }
                milliseconds = Int32(min(left * 1_000, 3_600_000).rounded(.up))
            }
            let ready = poll(&watched, nfds_t(watched.count), milliseconds)
            if ready < 0 {
                guard errno == EINTR else { break }
                continue
            }
            for entry in watched where entry.revents != 0 {
                if entry.fd == input {
                    if !writeSome(&pending) { closeInput() }
                } else if entry.fd == output {
                    if !readSome(entry.fd, into: &stdout, chunk: &chunk) { close(entry.fd); output = nil }
                } else if !readSome(entry.fd, into: &stderr, chunk: &chunk) {
                    close(entry.fd)
                    errors = nil
                }
            }
        }
        for descriptor in [output, errors] { if let descriptor { close(descriptor) } }
        output = nil
        errors = nil
        quiet.end()
        if let deadline, !timedOut {
            // The outputs ended (or were not pipes), the child may not have.
            while endedYet() == nil {
                guard Self.now() < deadline else {
                    timedOut = true
                    send(SIGKILL)
                    break
                }
                usleep(5_000)
            }
        }
        return Outcome(termination: wait(), stdout: stdout, stderr: stderr, timedOut: timedOut)
    }

    /// Writes what the pipe takes of `pending` and drops it from there; `false` when all is
    /// written or the child no longer reads (`EPIPE`, or any other failure).
    private func writeSome(_ pending: inout ArraySlice<UInt8>) -> Bool {
        guard let descriptor = input else { return false }
        let written = pending.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 { return errno == EAGAIN || errno == EINTR }
        pending = pending.dropFirst(written)
        return !pending.isEmpty
    }

    /// Appends what `descriptor` has to `bytes`; `false` at its end (or on a failure).
    private func readSome(_ descriptor: Int32, into bytes: inout [UInt8], chunk: inout [UInt8]) -> Bool {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EAGAIN || errno == EINTR }
        bytes += chunk[0..<count]
        return count > 0
    }

    /// Seconds on the monotonic clock.
    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
