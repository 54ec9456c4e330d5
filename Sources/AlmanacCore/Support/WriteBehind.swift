import Foundation

/// Writes full buffers to a file descriptor on a thread of its own, so that a conversion
/// goes on encoding while the kernel copies the last megabyte into the page cache: the
/// writing of a large output overlaps the work that makes it, on a second core.
///
/// One buffer is written at a time, in the order they are handed over; a caller that
/// hands over the next one while the last is still being written waits for it. So at most
/// two buffers exist, and memory stays flat. The first failure is kept and thrown by the
/// next ``hand(_:)`` or by ``drain()``; nothing is written after it.
package final class WriteBehind: @unchecked Sendable {
    private let descriptor: Int32
    private let name: String
    /// Guards everything below.
    private let condition = NSCondition()
    /// The buffer handed over and not yet taken by the thread.
    private var queued: [UInt8]?
    /// Whether the thread is writing a buffer.
    private var writing = false
    /// An emptied buffer the thread has finished with, kept for its capacity.
    private var spare: [UInt8] = []
    private var failure: (any Error)?
    private var stopping = false
    private var started = false

    /// A writer to `descriptor`; `name` is the path its errors name. No thread runs until
    /// the first buffer is handed over.
    package init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// Hands `bytes` to the thread and leaves `bytes` empty (with the capacity of a buffer
    /// written before, when there is one). Waits while the previous buffer is being written.
    /// Throws the failure of an earlier write.
    package func hand(_ bytes: inout [UInt8]) throws {
        condition.lock()
        defer { condition.unlock() }
        while queued != nil || writing { condition.wait() }
        if let failure { throw failure }
        if !started {
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "almanac write-behind"
            thread.start()
        }
        queued = bytes
        bytes = spare
        spare = []
        condition.broadcast()
    }

    /// Waits until every buffer handed over is written; throws the first failure.
    package func drain() throws {
        condition.lock()
        defer { condition.unlock() }
        while queued != nil || writing { condition.wait() }
        if let failure { throw failure }
    }

    /// Waits for the buffer being written, drops any other, and ends the thread. Nothing
    /// touches the descriptor afterwards, so it may be closed.
    package func stop() {
        condition.lock()
        defer { condition.unlock() }
        queued = nil
        stopping = true
        condition.broadcast()
        while writing { condition.wait() }
    }

    /// Linux's `sync_file_range(2)`, found at run time (Glibc's Swift module does not
    /// declare it); `nil` where the C library has none.
    private static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
        #if os(Linux)
        // RTLD_DEFAULT is the null handle on Linux.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// Asks the kernel to start writing the file's dirty pages to the disk now, without
    /// waiting (`SYNC_FILE_RANGE_WRITE` over the whole file), so that the `fsync` before
    /// the rename finds most of the file already written: on this project's machine that
    /// wait went from 6–11 ms to 1–4 ms for a 10 MB output. Runs on this thread, while the
    /// conversion goes on; where there is no such call, the `fsync` does all the work.
    private static func startWriteback(_ descriptor: Int32) {
        _ = syncFileRange?(descriptor, 0, 0, 2)
    }

    private func run() {
        condition.lock()
        while true {
            while queued == nil && !stopping { condition.wait() }
            guard !stopping, var bytes = queued else { break }
            // The only reference now: emptied below in place, its capacity kept.
            queued = nil
            writing = true
            let failed = failure != nil
            condition.unlock()
            var error: (any Error)?
            if !failed {
                do {
                    if try !FileIO.writeAll(bytes, to: descriptor, name: name) {
                        error = FileError.ioFailed(path: name, reason: "cannot write: the file was closed")
                    } else {
                        Self.startWriteback(descriptor)
                    }
                } catch let thrown {
                    error = thrown
                }
            }
            bytes.removeAll(keepingCapacity: true)
            condition.lock()
            writing = false
            if failure == nil, let error { failure = error }
            spare = bytes
            condition.broadcast()
        }
        condition.unlock()
    }
}
