import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `SIGPIPE` blocked in the calling thread while it writes to a pipe that the reader may
/// have closed: the write fails with `EPIPE` instead of the signal ending the process, and
/// nothing changes for the process's other threads. A `SIGPIPE` raised meanwhile is taken
/// off before ``end()`` unblocks the signal. (Darwin has no `sigtimedwait`: there the pipe
/// itself is told not to raise the signal, `F_SETNOSIGPIPE`, and this does nothing.)
struct PipeSignalBlock {
    #if canImport(Glibc)
    private var previous = sigset_t()
    /// Whether a `SIGPIPE` was pending already: not ours to take.
    private var wasPending = false

    /// Blocks `SIGPIPE` in this thread.
    init() {
        var pipeSignal = Self.pipeSignal()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        wasPending = Self.isPending()
    }

    /// Takes off a `SIGPIPE` raised since ``init()`` and restores the thread's signal mask.
    func end() {
        if !wasPending, Self.isPending() {
            var pipeSignal = Self.pipeSignal()
            var now = timespec()
            while sigtimedwait(&pipeSignal, nil, &now) < 0 && errno == EINTR {}
        }
        var previous = previous
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    private static func pipeSignal() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        return signals
    }

    private static func isPending() -> Bool {
        var pending = sigset_t()
        sigpending(&pending)
        return sigismember(&pending, SIGPIPE) == 1
    }
    #else
    init() {}

    func end() {}
    #endif
}
